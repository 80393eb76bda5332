// Server rendering: the remotes' modules the shell server has loaded for this render (e.g.
// "catalog/Routes"), keyed "<remote>/<expose>". Only the server provides it; in the browser every
// remote module comes through Module Federation.
import { createContext, useSyncExternalStore, type ComponentType } from 'react';

export type ServerRemoteModules = Record<string, ComponentType<object>>;

export const ServerRemotes = createContext<ServerRemoteModules | null>(null);

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates a server-rendered page, true afterwards (and at
 * once in a page rendered in the browser). What only the browser knows (the signed-in shopper) waits
 * for it, so the hydrating render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
