import type { ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';

/**
 * The version of the shell ↔ remote contract. It is the version of the `@bozor/shared` package. A
 * minor adds to the contract (1.1.0: the client's `request`, `cartLineKey`, the api/*, media and maps
 * subpaths); a major changes or removes something (2.0.0: the zod schemas left the singleton for the
 * `@bozor/shared/schemas` subpath; the singleton keeps their types; 2.1.0: `useHydrated`, for pages the
 * shell server renders; 2.2.0: the favourites store, `$favourites` and its actions; 2.3.0: `useSignedInHere`, `useFocusOnSignIn`,
 * the page-name event, `useAnnouncePageName`, and `$cartSyncing`; 2.4.0: `Button` ignores presses while
 * aria-disabled; `useAfterNextRender`; `RECENTLY_VIEWED_KEY`; 2.5.0: the client's operation-keyed calls
 * `get`/`post`/`put`/`patch`/`delete`/`call`/`download` and its `onError`, `apiUrl`, the `Body`/`Query`/`PathsOf`
 * types of an operation, `usePoll`; 3.0.0: the string-path `request` and its `RequestOptions`/`ApiRequester`
 * leave the client: every call names its operation; `$categories` holds the contract's `CategoryNode`). A remote is
 * refused by the shell, with a message and not a crash, when it was built against another major or
 * against a newer minor than the shell's (it may call what the shell's singleton does not have yet).
 */
export const CONTRACT_VERSION = '3.0.0';

/** Major and minor of a semver string ("1.4.2" → [1, 4]); null for garbage. */
export function majorMinorOf(version: string): [number, number] | null {
  const m = /^(\d+)\.(\d+)\./.exec(version);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Major version of a semver string ("1.4.2" → 1); NaN for garbage. */
export function majorOf(version: string): number {
  return majorMinorOf(version)?.[0] ?? Number.NaN;
}

/** True when a remote built against `remoteContract` can run inside a shell of `hostContract`. */
export function isContractCompatible(remoteContract: string, hostContract: string = CONTRACT_VERSION): boolean {
  const remote = majorMinorOf(remoteContract);
  const host = majorMinorOf(hostContract);
  return !!remote && !!host && remote[0] === host[0] && remote[1] <= host[1];
}

/** Names of the four remotes, as they appear in `/remotes.json` and in their `/remotes/<name>/` folders. */
export const REMOTE_NAMES = ['catalog', 'cart', 'checkout', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `/remotes.json`: each remote's `mf-manifest.json` URL (absolute, or relative to the page). */
export type RemotesConfig = Record<RemoteName, string>;

/**
 * What every exposed module exports besides its default component: the contract version it was
 * built against, so the shell can refuse it before rendering.
 */
export interface ExposedModule<P = object> {
  default: ComponentType<P>;
  contractVersion: string;
}

/** Props every remote `Routes` element receives from the shell (nothing else crosses the boundary). */
export interface RemoteRoutesProps {
  /** Base path the routes are mounted under, e.g. "/ru" — the remote builds its links from it. */
  basePath: string;
}

/** Props of a widget (badge, search box, dialog) — the same contract, kept separate for clarity. */
export interface RemoteWidgetProps {
  basePath: string;
}

/** Props of the sign-in dialog exposed by the account remote. */
export interface SignInDialogProps extends RemoteWidgetProps {
  open: boolean;
  onClose: () => void;
}

/** The i18n instance type each remote creates for its own namespace. */
export type RemoteI18n = I18n;
