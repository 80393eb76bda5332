import { afterLoadIdle } from '../src/layout/afterLoad';

/** A window whose readyState, load event and idle callbacks the test drives. */
function fakeWindow(readyState: DocumentReadyState) {
  const listeners: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
    removeEventListener: (_type: string, fn: () => void) => listeners.splice(listeners.indexOf(fn), 1),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
    cancelIdleCallback: () => undefined,
  } as unknown as Window;
  return { win, load: () => listeners.splice(0).forEach((fn) => fn()), idle: () => idle.splice(0).forEach((fn) => fn()) };
}

describe('afterLoadIdle', () => {
  it('waits for the load event and then an idle period', () => {
    const w = fakeWindow('interactive');
    const run = jest.fn();
    afterLoadIdle(run, w.win);
    w.idle();
    expect(run).not.toHaveBeenCalled();
    w.load();
    expect(run).not.toHaveBeenCalled();
    w.idle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('only waits for idle when the page has already loaded, and can be cancelled', () => {
    const w = fakeWindow('complete');
    const run = jest.fn();
    const cancel = afterLoadIdle(run, w.win);
    cancel();
    w.idle();
    expect(run).not.toHaveBeenCalled();
    afterLoadIdle(run, w.win);
    w.idle();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
