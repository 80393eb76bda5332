import { preferTreeShaken, treeShakenSharesPlugin } from '../src/remotes/treeShakenShares';

type Args = Parameters<NonNullable<ReturnType<typeof treeShakenSharesPlugin>['resolveShare']>>[0];
type Shared = NonNullable<ReturnType<Args['resolver']>>['shared'];

const fullCopy = { version: '7.18.5', from: 'shell' } as unknown as Shared;
const withTreeShaken = { version: '7.18.5', from: 'shell', treeShaking: { lib: () => ({}) } } as unknown as Shared;

function argsFor(pkgName: string, shared: Shared): Args {
  return { pkgName, resolver: () => ({ shared, useTreesShaking: false }) } as unknown as Args;
}

/** What the plugin's resolver answers for one consumer of `pkgName`. */
function resolved(pkgName: string, shared: Shared) {
  const hook = treeShakenSharesPlugin().resolveShare;
  if (!hook) throw new Error('no resolveShare hook');
  const out = hook(argsFor(pkgName, shared));
  if (!out) throw new Error('resolveShare returned nothing');
  return out.resolver();
}

describe('tree-shaken shares plugin', () => {
  it('gives a consumer that declared no tree-shaking the copy the shell loaded (one react-router)', () => {
    expect(resolved('react-router', withTreeShaken)).toEqual({ shared: withTreeShaken, useTreesShaking: true });
  });

  it('leaves other packages, and a share with no tree-shaken copy, as the runtime chose', () => {
    expect(resolved('react', withTreeShaken)).toEqual({ shared: withTreeShaken, useTreesShaking: false });
    expect(resolved('react-router', fullCopy)).toEqual({ shared: fullCopy, useTreesShaking: false });
    expect(preferTreeShaken(undefined)).toBeUndefined();
  });
});
