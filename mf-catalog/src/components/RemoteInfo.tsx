// Which build of this remote is running and where it was loaded from: the proof that remotes.json picked
// this version. Shoppers never see it: the element carries it in data attributes, and spells it out only
// with ?debug in the address, for whoever checks a roll-out.
import { useHydrated } from '@bozor/shared';

declare const __webpack_public_path__: string;

export function RemoteInfo() {
  // where the browser loaded it from, and the address's ?debug: unknown to a server render
  const hydrated = useHydrated();
  const from = hydrated && typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  const debug = hydrated && new URLSearchParams(window.location.search).has('debug');
  return (
    <small data-testid="catalog-remote-info" data-version={__REMOTE_VERSION__} data-from={from || undefined} hidden={!debug} style={{ color: 'var(--bz-muted)' }}>
      {debug ? `catalog@${__REMOTE_VERSION__} ${from}` : null}
    </small>
  );
}
