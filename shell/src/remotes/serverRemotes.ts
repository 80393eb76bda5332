// Server rendering: the remotes' modules the shell server has loaded for this render (e.g.
// "catalog/Routes"), keyed "<remote>/<expose>". Only the server provides it; in the browser every
// remote module comes through Module Federation.
import { createContext, type ComponentType } from 'react';

export type ServerRemoteModules = Record<string, ComponentType<object>>;

export const ServerRemotes = createContext<ServerRemoteModules | null>(null);
