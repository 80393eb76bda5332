import type { ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';

/**
 * The version of the shell ↔ remote contract. It is the version of the `@bozor/shared` package; a
 * remote built against another major version is refused by the shell with a message, not a crash.
 */
export const CONTRACT_VERSION = '1.0.0';

/** Major version of a semver string ("1.4.2" → 1); NaN for garbage. */
export function majorOf(version: string): number {
  const major = /^(\d+)\./.exec(version)?.[1];
  return major === undefined ? Number.NaN : Number(major);
}

/** True when a remote built against `remoteContract` can run inside this shell. */
export function isContractCompatible(remoteContract: string, hostContract: string = CONTRACT_VERSION): boolean {
  const remote = majorOf(remoteContract);
  return !Number.isNaN(remote) && remote === majorOf(hostContract);
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
