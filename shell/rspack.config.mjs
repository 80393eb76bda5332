// The shell (host). It declares no remotes at build time: they are registered at run time from
// /remotes.json. Production builds also generate the service worker (workbox GenerateSW).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { GenerateSW } from 'workbox-webpack-plugin';
import { bozorShared } from '@bozor/shared/mf-shared';
import { tsRule } from '@bozor/shared/build/remote-config';
import { devRemotes } from './dev/remotes.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const apiUrl = process.env.API_URL || 'http://127.0.0.1:3001';

export default (_env, argv) => {
  const dev = argv.mode === 'development';
  return {
    context: dir,
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      uniqueName: 'bozor_shell',
      filename: dev ? '[name].js' : 'assets/[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : 'assets/[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: { rules: [tsRule] },
    plugins: [
      // not minified: shell/server fills the <!--bozor:head--> marker per route
      new rspack.HtmlRspackPlugin({ template: './public/index.html', inject: 'body', minify: false }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public/offline.html' }, { from: 'public/favicon.svg' }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: bozorShared(dir),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // the shell provides its MF runtime to the remotes (built with externalRuntime)
        experiments: { provideExternalRuntime: true },
      }),
      ...(dev
        ? []
        : [
            new GenerateSW({
              swDest: 'sw.js',
              clientsClaim: true,
              skipWaiting: true,
              // index.html is rendered per route by shell/server, so it is not precached; offline.html is.
              exclude: [/index\.html$/, /\.map$/],
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
                  // Remote chunks are content-hashed in versioned folders: cache first.
                  urlPattern: ({ url }) => url.pathname.startsWith('/remotes/'),
                  handler: 'CacheFirst',
                  options: { cacheName: 'bozor-remote-chunks', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } },
                },
                {
                  // Pages: network first, the offline page when there is no network at all.
                  urlPattern: ({ request }) => request.mode === 'navigate',
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
    lazyCompilation: false,
    optimization: { runtimeChunk: false },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT || 3000),
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/backend', '/media', '/healthz', '/readyz'], target: apiUrl }],
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
  };
};
