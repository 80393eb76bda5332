// Which build of this remote is running and where it was loaded from — the proof, in the page, that
// remotes.json picked this version.
import { useHydrated } from '@bozor/shared';

declare const __webpack_public_path__: string;

export function RemoteInfo() {
  // where the browser loaded it from: unknown to the server's render, so shown once hydrated
  const hydrated = useHydrated();
  const from = hydrated && typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  return (
    <small data-testid="catalog-remote-info" data-version={__REMOTE_VERSION__} style={{ color: 'var(--bz-muted)' }}>
      catalog@{__REMOTE_VERSION__} {from}
    </small>
  );
}
