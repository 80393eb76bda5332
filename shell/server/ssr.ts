// Server rendering of the shop's pages: the catalog remote's (home, catalogue, product page, …), the
// cart (from the cart's cookie mirror) and the checkout's frame. The shell's server bundle
// (dist-server/ssr/shell.cjs, from src/ssr.tsx) renders the app's tree; a remote's server bundle
// (ssr/<remote>.cjs beside the remote's mf-manifest.json, so it follows remotes.json like the browser
// build) brings its route tree and the API answers its pages need, and the catalog's also the header's
// search box. A remote's bundle gets the shell's shared singletons through `require`, as Module
// Federation hands them over in the browser. Whatever fails, the page is sent as before (the browser
// renders it): server rendering only makes the first picture come sooner.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { DataRequest, SsrContext } from '../../shared/src/ssrData.js';
import type { Lang } from './catalogue.js';
import { localRemoteFile } from './files.js';

export type { DataRequest, SsrContext };

/** The remotes that have a server bundle. */
export type SsrRemote = 'catalog' | 'cart' | 'checkout';

interface ShellBundle {
  sharedModules: Record<string, unknown>;
  contractVersion: string;
  isContractCompatible(remote: string, host?: string): boolean;
  designCss: string;
  renderApp(url: string, remotes: Record<string, ComponentType<object>>, hints?: { signedIn?: boolean }): string;
}

interface RemoteBundle {
  contractVersion: string;
  Routes: ComponentType<object>;
  /** The catalog's only. */
  SearchBox?: ComponentType<object>;
  setServerData(data: Record<string, unknown> | null): void;
  dataRequests(rest: string, search: string, lang: Lang, context: SsrContext): DataRequest[];
}

export interface SsrInput {
  /** The remote whose route tree the page is. */
  remote: SsrRemote;
  /** Manifest URLs from remotes.json: the page's remote's, and the catalog's for the header's search box. */
  manifests: Partial<Record<SsrRemote, string>>;
  /** Whether the page's header has the search box (not in the checkout). */
  searchBox: boolean;
  context: SsrContext;
  /** Path and query of the page, e.g. /uz/catalog?brands=tefal. */
  url: string;
  /** Path after the language prefix and the query (without "?"). */
  rest: string;
  search: string;
  lang: Lang;
  /** Answers the server already has (the product for <head>), by inline-data key. */
  data: Record<string, unknown>;
  /** Asks the API for one answer; undefined when there is none. */
  fetchAnswer(request: DataRequest): Promise<unknown>;
}

export interface SsrOptions {
  /** The shell's server bundle; null: no server rendering. */
  shellBundle: string | null;
  /** Remote builds on this machine (name → folder), used for /remotes/<name>/… manifest URLs. */
  remoteDirs: Record<string, string>;
  /** Where relative manifest URLs are fetched from when the remote's build is not on this machine. */
  remotesOrigin: string | null;
  log: (line: string) => void;
  fetch?: typeof fetch;
  /** Called when a remote's server bundle could not be loaded (metrics). */
  onRemoteLoadFailure?: (remote: SsrRemote) => void;
}

/** A bundle that failed to load is tried again after this long, not on every page. */
const RETRY_AFTER_MS = 30_000;

export function createSsr(options: SsrOptions) {
  const doFetch = options.fetch ?? fetch;
  let shell: Promise<ShellBundle> | null = null;
  let shellMissing = false;
  let designStyle: Promise<string> | null = null;
  const remotes = new Map<string, { at: number; bundle: Promise<RemoteBundle> }>();

  /** The shell's server bundle, loaded once; when it cannot be, server rendering stays off (logged once). */
  function loadShell(): Promise<ShellBundle> {
    const file = options.shellBundle as string;
    shell ??= Promise.resolve()
      .then(() => createRequire(file)(file) as ShellBundle)
      .catch((err: unknown) => {
        shellMissing = true;
        options.log(`ssr: off, the shell's server bundle ${file} is missing (${err instanceof Error ? err.message : String(err)})`);
        throw err;
      });
    return shell;
  }

  /** The server bundle's file on this machine or URL for a manifest URL, or null when there is none. */
  function locate(name: SsrRemote, manifestUrl: string): { file: string } | { url: string } | null {
    const ssrUrl = manifestUrl.replace(/mf-manifest\.json(?:[?#].*)?$/, `ssr/${name}.cjs`);
    if (ssrUrl === manifestUrl) return null;
    const file = localRemoteFile(options.remoteDirs, ssrUrl);
    if (file) return { file };
    if (/^https?:\/\//.test(ssrUrl)) return { url: ssrUrl };
    return options.remotesOrigin && ssrUrl.startsWith('/') ? { url: options.remotesOrigin + ssrUrl } : null;
  }

  async function loadRemote(name: SsrRemote, manifestUrl: string, host: ShellBundle): Promise<RemoteBundle> {
    const where = locate(name, manifestUrl);
    if (!where) throw new Error(`no server bundle for ${manifestUrl}`);
    let code: string;
    if ('file' in where) code = await readFile(where.file, 'utf8');
    else {
      const res = await doFetch(where.url, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`${where.url}: HTTP ${res.status}`);
      code = await res.text();
    }
    const module = { exports: {} as Record<string, unknown> };
    const require = (required: string) => {
      if (required in host.sharedModules) return host.sharedModules[required];
      throw new Error(`the ${name} server bundle asks for "${required}", which the shell does not share`);
    };
    // the same trust as the browser build of the same remote, which the shell also runs
    new Function('module', 'exports', 'require', code)(module, module.exports, require);
    const bundle = module.exports as unknown as RemoteBundle;
    if (typeof bundle.contractVersion !== 'string' || !host.isContractCompatible(bundle.contractVersion)) {
      throw new Error(`the ${name} server bundle is built for contract ${String(bundle.contractVersion)}, the shell has ${host.contractVersion}`);
    }
    const needed = name === 'catalog' ? (['Routes', 'SearchBox', 'setServerData', 'dataRequests'] as const) : (['Routes', 'setServerData', 'dataRequests'] as const);
    for (const part of needed) {
      if (typeof bundle[part] !== 'function' && typeof bundle[part] !== 'object') throw new Error(`the ${name} server bundle has no ${part}`);
    }
    return bundle;
  }

  /** A remote's server bundle, loaded once per manifest URL; a failure is logged and tried again after a while. */
  function remoteBundle(name: SsrRemote, manifestUrl: string, host: ShellBundle): Promise<RemoteBundle> {
    const hit = remotes.get(manifestUrl);
    if (hit) return hit.bundle;
    const bundle = loadRemote(name, manifestUrl, host);
    const entry = { at: Date.now(), bundle };
    remotes.set(manifestUrl, entry);
    bundle.catch((err: unknown) => {
      options.onRemoteLoadFailure?.(name);
      options.log(`ssr: ${name} bundle for ${manifestUrl} not loaded: ${err instanceof Error ? err.message : String(err)}`);
      setTimeout(() => remotes.get(manifestUrl) === entry && remotes.delete(manifestUrl), RETRY_AFTER_MS).unref();
    });
    return bundle;
  }

  return {
    /** The design CSS as a <style> for every page's <head> ("" without the shell's server bundle), made once. */
    designStyle(): Promise<string> {
      if (!options.shellBundle || shellMissing) return Promise.resolve('');
      designStyle ??= loadShell().then(
        (host) => `<style id="bz-design">${host.designCss.replace(/<\/style/gi, '<\\/style')}</style>`,
        () => '',
      );
      return designStyle;
    },

    /**
     * The page's HTML for <div id="root"> and every answer it was rendered from (for the page, so the
     * browser's hydrating render uses the same), or null when the page is left to the browser.
     */
    async render(input: SsrInput): Promise<{ html: string; data: Record<string, unknown> } | null> {
      const pageManifest = input.manifests[input.remote];
      if (!options.shellBundle || shellMissing || !pageManifest) return null;
      let host: ShellBundle;
      let page: RemoteBundle;
      try {
        host = await loadShell();
        page = await remoteBundle(input.remote, pageManifest, host);
      } catch {
        return null; // logged once per attempt to load (above), not on every page
      }
      // the header's search box is the catalog's; without its bundle the browser fills that slot
      let catalog: RemoteBundle | null = input.remote === 'catalog' ? page : null;
      const catalogManifest = input.manifests.catalog;
      if (!catalog && input.searchBox && catalogManifest) catalog = await remoteBundle('catalog', catalogManifest, host).catch(() => null);
      try {
        const data = { ...input.data };
        const wanted = page.dataRequests(input.rest, input.search, input.lang, input.context).filter((r) => !(r.key in data));
        const answers = await Promise.all(wanted.map((r) => input.fetchAnswer(r)));
        wanted.forEach((r, i) => {
          if (answers[i] !== undefined) data[r.key] = answers[i];
        });
        const modules: Record<string, ComponentType<object>> = { [`${input.remote}/Routes`]: page.Routes };
        if (input.searchBox && catalog?.SearchBox) modules['catalog/SearchBox'] = catalog.SearchBox;
        const bundles = [...new Set([page, catalog])].filter((b): b is RemoteBundle => b !== null);
        // one synchronous render: nothing else runs between handing over the answers and taking them back
        for (const b of bundles) b.setServerData(data);
        try {
          const html = host.renderApp(input.url, modules, { signedIn: input.context.signedIn === true });
          return { html, data };
        } finally {
          for (const b of bundles) b.setServerData(null);
        }
      } catch (err) {
        options.log(`ssr: ${input.url} left to the browser: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    },
  };
}

export type Ssr = ReturnType<typeof createSsr>;

/** Where the shell's server bundle is after `pnpm --filter @bozor/shell build` (dist-server/ssr). */
export const defaultShellBundle = path.join(import.meta.dirname, '..', '..', 'ssr', 'shell.cjs');
