// What a page should start downloading before any script runs: the shell's boot chunks
// (dist/boot-assets.json, written by the shell build), and each remote's remoteEntry.js plus the
// chunks of the modules the page mounts (from the remote's mf-manifest.json). Without these hints the
// browser finds them one after the other: main.js → bootstrap → remotes.json → manifest → entry →
// chunks. Every read is best effort with a short timeout; a failure only means fewer hints.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ShellServerConfig } from './config.js';
import { safeJoin } from './files.js';

/** The part of an mf-manifest.json we read. */
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

const MANIFEST_TTL_MS = 30_000;
const FETCH_TIMEOUT_MS = 400;

export function createPreloader(
  config: Pick<ShellServerConfig, 'distDir' | 'remoteDirs'> & Partial<Pick<ShellServerConfig, 'remotesOrigin'>>,
  doFetch: typeof fetch = fetch,
  now: () => number = Date.now,
) {
  let boot: Promise<string[]> | null = null;
  const manifests = new Map<string, { at: number; value: Promise<Manifest | null> }>();

  /** `url`'s manifest, read from disk or fetched from `from` (its absolute address). */
  async function readManifest(url: string, from: string): Promise<Manifest | null> {
    // served by this process (the `pnpm start` gateway): read it from disk
    const local = /^\/remotes\/([a-z]+)\/(.+)$/.exec(url);
    const root = local ? config.remoteDirs[local[1] as string] : undefined;
    if (local && root) {
      const file = safeJoin(root, local[2] as string);
      if (!file) return null;
      return JSON.parse(await readFile(file, 'utf8')) as Manifest;
    }
    const res = await doFetch(from, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    return res.ok ? ((await res.json()) as Manifest) : null;
  }

  function manifest(url: string, origin: string): Promise<Manifest | null> {
    const absolute = /^https?:\/\//.test(url);
    // other origins' scripts would need CORS-mode hints that the MF runtime's own <script> tags do
    // not match (a second download), so only same-origin remotes get hints
    if (absolute && new URL(url).origin !== origin) return Promise.resolve(null);
    // a relative URL is read from REMOTES_ORIGIN when set (docker-compose: the gateway, from inside),
    // else from the page's origin; cached by the address read, so the pages' origins do not add entries
    const from = absolute ? url : new URL(url, config.remotesOrigin ?? origin).href;
    const hit = manifests.get(from);
    if (hit && now() - hit.at < MANIFEST_TTL_MS) return hit.value;
    const value = readManifest(url, from).catch(() => null);
    manifests.set(from, { at: now(), value });
    return value;
  }

  return {
    /** The shell's boot chunks ([] when the build wrote no list). */
    bootScripts(): Promise<string[]> {
      boot ??= readFile(path.join(config.distDir, 'boot-assets.json'), 'utf8')
        .then(async (text) => {
          const list = JSON.parse(text) as unknown;
          const files = Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
          // largest first: they take longest to arrive
          const sizes = await Promise.all(files.map((f) => stat(path.join(config.distDir, f)).then((s) => s.size, () => 0)));
          return files.map((f, i) => ({ f, size: sizes[i] ?? 0 })).sort((a, b) => b.size - a.size).map((x) => x.f);
        })
        .catch(() => {
          boot = null; // a later build may add it
          return [];
        });
      return boot;
    },
    /** remoteEntry.js and the synchronous chunks of `exposes` of the remote behind `manifestUrl`. */
    async remoteScripts(manifestUrl: string, exposes: string[], origin: string): Promise<string[]> {
      const m = await manifest(manifestUrl, origin);
      const entry = m?.metaData?.remoteEntry;
      if (!m || !entry?.name) return [];
      const publicPath = m.metaData?.publicPath;
      const base = publicPath && publicPath !== 'auto' ? publicPath : manifestUrl.replace(/[^/]*$/, '');
      const join = (file: string) => `${base}${base.endsWith('/') ? '' : '/'}${file}`;
      const out = [join(entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name)];
      for (const name of exposes) {
        const expose = m.exposes?.find((e) => e.name === name || e.name === `./${name}`);
        for (const file of expose?.assets?.js?.sync ?? []) out.push(join(file));
      }
      return out;
    },
  };
}

export type Preloader = ReturnType<typeof createPreloader>;
