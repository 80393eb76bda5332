// The Module Federation `shared` map of the Bozor contract, used by the shell and every remote so the
// singletons cannot drift apart. react and react-dom are listed with their subpath keys ("react/",
// "react-dom/"), otherwise react/jsx-runtime and react-dom/client would be bundled a second time.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharedPkg = require('./package.json');

/** Installed version of a dependency, read from the package that asks for it. */
function versionOf(name, fromDir) {
  const req = createRequire(fromDir + '/package.json');
  return req(`${name}/package.json`).version;
}

/**
 * @param {string} fromDir the directory of the package whose build asks (its node_modules are used)
 * @returns {Record<string, object>} MF shared config
 */
export function bozorShared(fromDir) {
  const singleton = (name, key = name) => {
    const version = versionOf(name, fromDir);
    return [key, { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version }];
  };
  return Object.fromEntries([
    singleton('react'),
    singleton('react', 'react/'),
    singleton('react-dom'),
    singleton('react-dom', 'react-dom/'),
    singleton('react-router'),
    singleton('nanostores'),
    singleton('@nanostores/react'),
    singleton('i18next'),
    singleton('react-i18next'),
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

/** The contract version this checkout of `shared` declares. */
export const contractVersion = sharedPkg.version;
