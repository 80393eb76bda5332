// rspack configuration shared by the four remotes, over the base every build extends (base-config.mjs),
// so each remote's own rspack.config.mjs only says what it is (name, port, exposes). Builds go to
// dist/<version>/ with publicPath 'auto': deploying a new version never overwrites the folder an open tab
// is still loading chunks from.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { bozorShared, contractVersion, singletons } from '../mf-shared.mjs';
import { browserConfig, devApiProxy, sourceBase } from './base-config.mjs';

/** The standalone host page every remote's build writes as dev.html (its title names the remote). */
const REMOTE_DEV_HTML = fileURLToPath(new URL('./remote/dev.html', import.meta.url));

/**
 * @param {{ dir: string, name: string, port: number, exposes: Record<string, string> }} opts
 */
export function remoteConfig({ dir, name, port, exposes }) {
  const require = createRequire(path.join(dir, 'package.json'));
  const pkg = require('./package.json');
  const version = process.env.REMOTE_VERSION || pkg.version;
  return (_env, argv) => {
    const dev = argv.mode === 'development';
    return browserConfig({
      dir,
      dev,
      entry: './src/index.ts',
      outDir: path.join(dir, 'dist', version),
      publicPath: 'auto',
      uniqueName: `bozor_${name}`,
      federated: true,
      plugins: [
        new rspack.DefinePlugin({ __REMOTE_VERSION__: JSON.stringify(version), __REMOTE_NAME__: JSON.stringify(name),
          // the contract this build was made against (BOZOR_CONTRACT_VERSION only to test a refusal)
          __CONTRACT_VERSION__: JSON.stringify(process.env.BOZOR_CONTRACT_VERSION || contractVersion),
        }),
        // the standalone host page: served at every path by the dev server, so its scripts load from /
        new rspack.HtmlRspackPlugin({ template: REMOTE_DEV_HTML, templateParameters: { remoteName: name }, filename: 'dev.html', publicPath: dev ? '/' : 'auto' }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: bozorShared(dir, { treeShake: !dev }),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // production: use the shell's one copy of the MF runtime instead of shipping another in every
          // remoteEntry.js (the standalone dev host has no shell, so dev builds keep their own)
          ...(dev ? {} : { experiments: { externalRuntime: true, optimization: { target: 'web' } } }),
          // react-router is tree-shaken (mf-shared.mjs); the second compiler that builds its full fallback
          // copy need not write another dev.html
          treeShakingSharedExcludePlugins: ['HtmlRspackPlugin'],
        }),
      ],
      devServer: {
        // `pnpm dev` (scripts/start.mjs) moves it when the usual port is taken
        port: Number(process.env.REMOTE_DEV_PORT || port),
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: { index: '/dev.html' },
        proxy: devApiProxy(['/api', '/backend', '/media']),
      },
    });
  };
}

/**
 * The shared singletons as a server bundle sees them: never bundled, but required from whoever loads
 * the bundle (the shell server hands over its own copies, so stores, i18n and React are one). Exact
 * `@bozor/shared` only: its subpaths are not singletons and are bundled, as in the browser build.
 */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const SSR_SHARED = new RegExp(`^(${singletons.singletons.map(escapeRegExp).join('|')})(/.*)?$|^@bozor/shared$`);

/**
 * A server (Node) build: `entry` as one CommonJS file `<outDir>/<name>.cjs`, production React. Used by the
 * shell (its app for shell/server to render) and, through `remoteSsrConfig`, by the remotes.
 * @param {{ dir: string, name: string, entry: string, outDir: string, externals?: unknown[], define?: Record<string, string> }} opts
 */
export function serverBuildConfig({ dir, name, entry, outDir, externals = [], define = {} }) {
  return {
    context: dir,
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { [name]: entry },
    // one file: the shell server evaluates it from its text (shell/server/ssr.ts) and serves no chunks to
    // it, so a lazy import() (the checkout's steps, the catalogue's dialogs) is bundled in, not split off
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true, asyncChunks: false },
    externalsType: 'commonjs',
    externals,
    ...sourceBase,
    plugins: [new rspack.DefinePlugin({ ...define, 'process.env.NODE_ENV': JSON.stringify('production') })],
    optimization: { minimize: false, splitChunks: false },
  };
}

/**
 * A remote's server build: `entry` (default src/ssr.tsx) as one CommonJS file in
 * dist/<version>/ssr/<name>.cjs, beside the browser build of the same version, so the shell server finds
 * it from the remote's manifest URL. Run after the browser build (which cleans dist/<version>).
 * @param {{ dir: string, name: string, entry?: string }} opts
 */
export function remoteSsrConfig({ dir, name, entry = './src/ssr.tsx' }) {
  const require = createRequire(path.join(dir, 'package.json'));
  const version = process.env.REMOTE_VERSION || require('./package.json').version;
  return serverBuildConfig({
    dir,
    name,
    entry,
    outDir: path.join(dir, 'dist', version, 'ssr'),
    externals: [({ request }, callback) => (request && SSR_SHARED.test(request) ? callback(undefined, `commonjs ${request}`) : callback())],
    define: {
      __REMOTE_VERSION__: JSON.stringify(version),
      __REMOTE_NAME__: JSON.stringify(name),
      __CONTRACT_VERSION__: JSON.stringify(process.env.BOZOR_CONTRACT_VERSION || contractVersion),
    },
  });
}
