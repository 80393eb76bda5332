// Which build of a remote is running and where it was loaded from: the proof that remotes.json picked
// this version. Shoppers never see it: the element carries it in data attributes, and spells it out only
// with ?debug in the address, for whoever checks a roll-out. The remote passes what only its own bundle
// knows (its DefinePlugin name and version, its webpack public path).
import { useHydrated } from '../hydration';

export interface RemoteInfoProps {
  /** `__REMOTE_NAME__` of the remote's build */
  name: string;
  /** `__REMOTE_VERSION__` of the remote's build */
  version: string;
  /** `() => __webpack_public_path__`, read in the remote's bundle once the page is hydrated */
  publicPath: () => string;
}

export function RemoteInfo({ name, version, publicPath }: RemoteInfoProps) {
  // where the browser loaded it from, and the address's ?debug: unknown to a server render
  const hydrated = useHydrated();
  const from = hydrated ? publicPath() : '';
  const debug = hydrated && new URLSearchParams(window.location.search).has('debug');
  return (
    <small data-testid={`${name}-remote-info`} data-version={version} data-from={from || undefined} hidden={!debug} style={{ color: 'var(--bz-muted)' }}>
      {debug ? `${name}@${version} ${from}` : null}
    </small>
  );
}
