// The shell (host). It declares no remotes at build time: they are registered at run time from
// /remotes.json. Production builds also generate the service worker (workbox GenerateSW).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { GenerateSW } from 'workbox-webpack-plugin';
import { bozorShared } from '@bozor/shared/mf-shared';
import { browserConfig, devApiProxy } from '@bozor/shared/build/base-config';
import { devRemotes } from './dev/remotes.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Writes dist/boot-assets.json: the chunks every page loads right after main.js (the async
 * `./bootstrap` chunk and the shared singletons the shell provides). shell/server preloads them from
 * the HTML, so they download in parallel with main.js instead of after it has run.
 */
class BootAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BootAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunks = [] } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
        const boot = chunks.filter(
          (c) => !c.initial && (c.origins ?? []).some((o) => /src[/\\]index\.ts$/.test(o.moduleName ?? '') || /^provide shared module /.test(o.moduleName ?? o.moduleIdentifier ?? '')),
        );
        const publicPath = compilation.outputOptions.publicPath;
        const files = [...new Set(boot.flatMap((c) => c.files.filter((f) => f.endsWith('.js'))))].sort().map((f) => `${publicPath}${f}`);
        compilation.emitAsset('boot-assets.json', new rspack.sources.RawSource(JSON.stringify(files)));
      });
    });
  }
}
export default (_env, argv) => {
  const dev = argv.mode === 'development';
  return browserConfig({
    dir,
    dev,
    entry: './src/index.ts',
    outDir: path.join(dir, 'dist'),
    publicPath: '/',
    uniqueName: 'bozor_shell',
    scriptDir: 'assets/',
    federated: true,
    plugins: [
      // not minified: shell/server fills the <!--bozor:head--> marker per route
      new rspack.HtmlRspackPlugin({ template: './public/index.html', inject: 'body', minify: false }),
      ...(dev ? [] : [new BootAssetsPlugin()]),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public/offline.html' }, { from: 'public/favicon.svg' }, { from: 'public/start-after-load.js' }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: bozorShared(dir, { treeShake: !dev }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // the shell provides its MF runtime to the remotes (built with externalRuntime)
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        // react-router is tree-shaken (shared/mf-shared.mjs); its full fallback copy is built by a second
        // compiler that would otherwise run these plugins again into dist/independent-packages/
        treeShakingSharedExcludePlugins: ['HtmlRspackPlugin', 'BootAssetsPlugin', 'CopyRspackPlugin', 'GenerateSW'],
      }),
      ...(dev
        ? []
        : [
            new GenerateSW({
              swDest: 'sw.js',
              clientsClaim: true,
              skipWaiting: true,
              // index.html is rendered per route by shell/server, so it is not precached; offline.html is.
              // The shell's scripts are not precached either, but cached as they are used (below): a
              // script a worker stores while it installs gets a code cache of every function in it, which
              // a returning shopper's phone then reads on the main thread, react-dom's alone ~300 ms at 4×
              // CPU (docs/decisions.md "A returning shopper's scripts").
              exclude: [/index\.html$/, /\.map$/, /boot-assets\.json$/, /^assets\/.*\.js$/],
              navigateFallback: undefined,
              cleanupOutdatedCaches: true,
              runtimeCaching: [
                {
                  // Remote manifests and entries change on every deploy: network first.
                  urlPattern: ({ url }) => url.pathname.startsWith('/remotes/') && /(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
                  handler: 'NetworkFirst',
                  options: { cacheName: 'bozor-remote-entries', networkTimeoutSeconds: 4 },
                },
                {
                  // The shell's scripts are content-hashed: cache first, as the page first asks for them.
                  urlPattern: ({ url }) => url.origin === globalThis.location.origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
                  handler: 'CacheFirst',
                  options: { cacheName: 'bozor-shell-scripts', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } },
                },
                {
                  // Remote chunks are content-hashed in versioned folders: cache first.
                  urlPattern: ({ url }) => url.pathname.startsWith('/remotes/'),
                  handler: 'CacheFirst',
                  options: { cacheName: 'bozor-remote-chunks', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } },
                },
                {
                  // Pages: network first, the offline page when there is no network at all. Not the back
                  // office's (/admin/): staff pages hold customers' data and must not sit in the shop's cache.
                  urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/admin'),
                  handler: 'NetworkFirst',
                  options: {
                    cacheName: 'bozor-pages',
                    networkTimeoutSeconds: 5,
                    plugins: [{ handlerDidError: async () => (await globalThis.caches.match('/offline.html')) ?? Response.error() }],
                  },
                },
              ],
            }),
          ]),
    ],
    devServer: {
      port: Number(process.env.PORT || 3000),
      hot: true,
      historyApiFallback: true,
      proxy: devApiProxy(['/api', '/backend', '/media', '/healthz', '/readyz']),
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({
          name: 'remotes-json',
          path: '/remotes.json',
          middleware: (_req, res) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(devRemotes()));
          },
        });
        return middlewares;
      },
    },
  });
};
