// The Module Federation `shared` map of the Bozor contract, used by the shell and every remote so the
// singletons cannot drift apart. react and react-dom are listed with their subpath keys ("react/",
// "react-dom/"), otherwise react/jsx-runtime and react-dom/client would be bundled a second time.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharedPkg = require('./package.json');

/** The one list of singletons (see its $comment). */
export const singletons = require('./mf-singletons.json');

/**
 * The react-router exports the shell's shared copy keeps (MF shared tree-shaking). The singleton is the
 * shell's, so a remote importing any other export would get `undefined` at run time: add it here and
 * rebuild the shell before deploying that remote. The list is `react-router-exports.json`;
 * `shared/test/react-router-exports.test.ts` scans every package's source and fails when an import is
 * missing from it.
 */
export const reactRouterExports = require('./react-router-exports.json');

/** Installed version of a dependency, read from the package that asks for it. */
function versionOf(name, fromDir) {
  const req = createRequire(fromDir + '/package.json');
  return req(`${name}/package.json`).version;
}

/**
 * @param {string} fromDir the directory of the package whose build asks (its node_modules are used)
 * @param {{ treeShake?: boolean }} [options] treeShake: MF shared tree-shaking of react-router (production)
 * @returns {Record<string, object>} MF shared config
 */
export function bozorShared(fromDir, { treeShake = true } = {}) {
  const singleton = (name, key = name) => {
    const version = versionOf(name, fromDir);
    return [key, { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version }];
  };
  const entries = singletons.singletons.flatMap((name) => {
    const own = singleton(name);
    // tree-shaken to the exports the repo uses (experimental MF 2.9 option; see docs/decisions.md), in
    // production builds only: a development build with it fails at start ("__exportAll is not a function").
    // BOZOR_MF_TREE_SHAKE=0 builds without it, to measure what it saves (bench/web-RESULTS.md).
    const main = treeShake && process.env.BOZOR_MF_TREE_SHAKE !== '0' && singletons.treeShaken.includes(name) ? withTreeShaking(own, usedExportsOf(name)) : own;
    return singletons.withSubpaths.includes(name) ? [main, singleton(name, `${name}/`)] : [main];
  });
  return Object.fromEntries([
    ...entries,
    [
      '@bozor/shared',
      {
        singleton: true,
        version: sharedPkg.version,
        requiredVersion: `^${sharedPkg.version.split('.')[0]}.0.0`,
      },
    ],
  ]);
}

/** The exports of a tree-shaken share that the repo uses: a list kept and tested per package. */
function usedExportsOf(name) {
  if (name === 'react-router') return reactRouterExports;
  throw new Error(`mf-singletons.json tree-shakes ${name}, but no list of its used exports exists (see react-router-exports.json)`);
}

/** Adds MF shared tree-shaking (keep only `usedExports`) to one `[key, config]` entry. */
function withTreeShaking([key, config], usedExports) {
  return [key, { ...config, treeShaking: { mode: 'runtime-infer', usedExports: [...usedExports] } }];
}

/** The contract version this checkout of `shared` declares. */
export const contractVersion = sharedPkg.version;
