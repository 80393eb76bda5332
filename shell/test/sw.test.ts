/** @jest-environment jsdom */
jest.mock('../src/report', () => ({ reportClientError: jest.fn() }));
import { registerServiceWorker } from '../src/sw/register';
import { reportClientError } from '../src/report';

function fakeNavigator(register: jest.Mock, controller: object | null) {
  const listeners: Record<string, () => void> = {};
  const nav = {
    serviceWorker: { controller, register, addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) },
  } as unknown as Navigator;
  return { nav, listeners };
}

describe('service worker registration', () => {
  it('registers /sw.js with scope / and reloads when a new version takes over', async () => {
    const register = jest.fn(async () => ({}));
    const reload = jest.fn();
    const { nav, listeners } = fakeNavigator(register, {});
    await registerServiceWorker(nav, reload);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    listeners.controllerchange!();
    expect(reload).toHaveBeenCalled();
  });

  it('does not reload on the first install', async () => {
    const reload = jest.fn();
    const { nav, listeners } = fakeNavigator(jest.fn(async () => ({})), null);
    await registerServiceWorker(nav, reload);
    listeners.controllerchange!();
    expect(reload).not.toHaveBeenCalled();
  });

  it('records a registration failure', async () => {
    const { nav } = fakeNavigator(jest.fn(async () => Promise.reject(new Error('blocked'))), null);
    await registerServiceWorker(nav, jest.fn());
    expect(reportClientError).toHaveBeenCalledWith('sw-register', expect.any(Error));
  });
});
