// Finding and loading the remotes at run time: /remotes.json (no-cache) names each remote's
// mf-manifest.json; they are registered with registerRemotes, so deploying or rolling back a remote
// is an edit of that file, never a shell rebuild.
import type { ComponentType } from 'react';
import { loadRemote, preloadRemote, registerGlobalPlugins, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, REMOTE_NAMES, isContractCompatible, type RemoteName, type RemotesConfig } from '@bozor/shared';
import { reportClientError } from '../report';
import { treeShakenSharesPlugin } from './treeShakenShares';

/** Thrown when a remote was built against another major version of the shared contract. */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly remoteContract: string,
  ) {
    super(`Remote "${remote}" was built for contract ${remoteContract}, the shell runs ${CONTRACT_VERSION}`);
    this.name = 'IncompatibleRemoteError';
  }
}

let config: RemotesConfig | null = null;

/** Reads /remotes.json fresh from the server (never from a cache). */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
  return (await res.json()) as RemotesConfig;
}

/**
 * The remotes.json the shell server put in the page (<script type="application/json" id="bozor-remotes">,
 * read from the same file for this very request): saves a round trip before the first render.
 * Null when absent or not a name → URL map; then /remotes.json is fetched as before.
 */
export function inlineRemotesConfig(doc: Document = document): RemotesConfig | null {
  const text = doc.getElementById('bozor-remotes')?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.values(value).every((v) => typeof v === 'string') ? (value as RemotesConfig) : null;
  } catch {
    return null;
  }
}

/** Registers the remotes of a config; `force` replaces an earlier registration (retry, new version). */
export function registerFromConfig(next: RemotesConfig, names: readonly RemoteName[] = REMOTE_NAMES, force = false) {
  config = next;
  const remotes = names
    .filter((name) => typeof next[name] === 'string')
    .map((name) => ({ name, entry: new URL(next[name], window.location.href).href }));
  registerRemotes(remotes, { force });
}

let pluginInstalled = false;

/** Loads remotes.json and registers every remote; installs the error hook once. */
export async function setupRemotes(): Promise<void> {
  if (!pluginInstalled) {
    pluginInstalled = true;
    // Global: each remote container's runtime instance is created later and must get it too. The
    // shell's own instance gets it as well — registerPlugins adds the global plugins to the instance.
    registerGlobalPlugins([treeShakenSharesPlugin()]);
    registerPlugins([
      {
        name: 'bozor-remote-errors',
        // errorLoadRemote: record the failure; returning nothing lets it reach the ErrorBoundary of the slot
        errorLoadRemote(args) {
          reportClientError('remote-load', args.error, { id: args.id, lifecycle: args.lifecycle });
          return undefined;
        },
      },
    ]);
  }
  registerFromConfig(inlineRemotesConfig() ?? (await fetchRemotesConfig()));
}

/**
 * Loads one exposed module (e.g. catalog/Routes) and checks its contract version before returning its
 * component; an incompatible remote is refused with IncompatibleRemoteError.
 */
export async function loadExposed<P>(remote: RemoteName, expose: string): Promise<ComponentType<P>> {
  const mod = await loadRemote<{ default: ComponentType<P>; contractVersion?: string }>(`${remote}/${expose}`);
  if (!mod) throw new Error(`Remote module ${remote}/${expose} is empty`);
  const version = mod.contractVersion ?? '0.0.0';
  if (!isContractCompatible(version)) throw new IncompatibleRemoteError(remote, version);
  return mod.default;
}

/** Before a retry: read remotes.json again and re-register that remote, dropping its cached failure. */
export async function refreshRemote(remote: RemoteName): Promise<void> {
  try {
    registerFromConfig(await fetchRemotesConfig(), [remote], true);
  } catch (err) {
    if (config) registerFromConfig(config, [remote], true);
    reportClientError('remotes-json', err);
  }
}

/** Starts fetching the remote a route needs (manifest, entry, the exposed chunk). */
export function preloadRoute(remote: RemoteName, expose = './Routes') {
  preloadRemote([{ nameOrAlias: remote, exposes: [expose] }]).catch(() => {
    // a failed preload is not an error: the slot will load (and report) it properly
  });
}
