// The rspack base every build of the shop extends, so each config says only what it is: the shell
// (shell/rspack.config.mjs), the four remotes (remote-config.mjs), the back office (admin/rspack.config.mjs)
// and the server bundles (serverBuildConfig in remote-config.mjs).
/** Loader rule for TypeScript + JSX (SWC, automatic React runtime). */
export const tsRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
  },
  type: 'javascript/auto',
};

/** How every build reads the sources, browser and server alike; no size hints. */
export const sourceBase = {
  resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
  module: { rules: [tsRule] },
  performance: { hints: false },
};

/** The dev servers' proxy to the API (API_URL, else the API's dev port) for the given path prefixes. */
export function devApiProxy(context) {
  return [{ context, target: process.env.API_URL || 'http://127.0.0.1:3001' }];
}

/**
 * A browser build: `entry` as the main chunk into `outDir`, scripts named by content in production (under
 * `scriptDir`; `devScriptDir` in development), source maps in development only.
 *
 * A Module Federation build (`federated`, the shell and the remotes) keeps MF shared tree-shaking's
 * fallback build (independent-packages/, written before this one) when it cleans its folder, builds its
 * async boundary as a real chunk and minifies unless BZ_NO_MINIFY is set (bench/: readable bundles).
 * @param {{ dir: string, dev: boolean, entry: string, outDir: string, publicPath: string, uniqueName: string,
 *   scriptDir?: string, devScriptDir?: string, federated?: boolean, plugins: unknown[], devServer: object }} opts
 */
export function browserConfig({ dir, dev, entry, outDir, publicPath, uniqueName, scriptDir = '', devScriptDir = '', federated = false, plugins, devServer }) {
  const scripts = dev ? `${devScriptDir}[name].js` : `${scriptDir}[name].[contenthash:8].js`;
  return {
    context: dir,
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    entry: { main: entry },
    output: { path: outDir, publicPath, uniqueName, filename: scripts, chunkFilename: scripts, clean: federated ? { keep: /independent-packages/ } : true },
    ...sourceBase,
    plugins,
    ...(federated
      ? {
          // the async boundary import('./bootstrap') must be a real chunk, not a lazy-compilation proxy
          lazyCompilation: false,
          optimization: { runtimeChunk: false, minimize: !process.env.BZ_NO_MINIFY },
        }
      : {}),
    devServer,
  };
}
