// The shell refuses a remote built against another contract major, or a newer minor than its own (the
// remote may call what the shell's @bozor/shared singleton does not have yet).
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  preloadRemote: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

import { CONTRACT_VERSION } from '@bozor/shared';
import { IncompatibleRemoteError, loadExposed } from '../src/remotes/runtime';

const Page = () => null;
const [major, minor] = CONTRACT_VERSION.split('.').map(Number) as [number, number];

describe('loadExposed', () => {
  it('hands over the component of a remote built against this contract or an older minor', async () => {
    loadRemote.mockResolvedValueOnce({ default: Page, contractVersion: CONTRACT_VERSION });
    await expect(loadExposed('catalog', 'Routes')).resolves.toBe(Page);
    loadRemote.mockResolvedValueOnce({ default: Page, contractVersion: `${major}.0.0` });
    await expect(loadExposed('cart', 'MiniCart')).resolves.toBe(Page);
    expect(loadRemote).toHaveBeenLastCalledWith('cart/MiniCart');
  });

  it.each([`${major}.${minor + 1}.0`, `${major + 1}.0.0`, 'garbage', undefined])('refuses a remote built for contract %s', async (version) => {
    loadRemote.mockResolvedValueOnce({ default: Page, contractVersion: version });
    const refused = loadExposed('checkout', 'Routes');
    await expect(refused).rejects.toBeInstanceOf(IncompatibleRemoteError);
    await expect(refused).rejects.toThrow(`the shell runs ${CONTRACT_VERSION}`);
  });
});
