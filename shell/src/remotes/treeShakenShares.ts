// MF shared tree-shaking (react-router, see shared/mf-shared.mjs) keeps two copies of a shared package
// around: the shell's tree-shaken one, which the shell itself uses, and a full "fallback" one
// (dist/independent-packages/) that the runtime hands to a consumer that did not declare tree-shaking —
// every remote built before it. A second react-router means a second router context: such a remote's
// routes throw "useRoutes() may be used only in the context of a <Router>". This plugin makes every
// consumer of those packages get the copy the shell already loaded, so the singleton stays one instance;
// the exports it keeps are guarded by shared/test/react-router-exports.test.ts.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import mfSingletons from '@bozor/shared/mf-singletons.json';

/** Shared packages built with MF tree-shaking (the list every build reads: shared/mf-singletons.json). */
export const TREE_SHAKEN_SHARES: readonly string[] = mfSingletons.treeShaken;

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];
type Resolved = ReturnType<ResolveShareArgs['resolver']>;

/** Picks the tree-shaken copy of `resolved` when there is one, whatever the consumer declared. */
export function preferTreeShaken(resolved: Resolved): Resolved {
  if (!resolved || resolved.useTreesShaking || !resolved.shared?.treeShaking) return resolved;
  return { ...resolved, useTreesShaking: true };
}

/** A runtime plugin (register it globally, so remote containers created later get it too). */
export function treeShakenSharesPlugin(packages: readonly string[] = TREE_SHAKEN_SHARES): ModuleFederationRuntimePlugin {
  return {
    name: 'bozor-tree-shaken-shares',
    resolveShare(args) {
      if (!packages.includes(args.pkgName)) return args;
      const resolve = args.resolver;
      args.resolver = () => preferTreeShaken(resolve());
      return args;
    },
  };
}
