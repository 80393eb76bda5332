import { act, render } from '@testing-library/react';
import { usePoll, type PollOptions } from '../src/hooks';

/** A component that polls `tick` with these options and `series` as what restarts it. */
function Poller({ tick, options, series = 'a' }: { tick: () => unknown; options: PollOptions; series?: string }) {
  usePoll(tick, options, [series]);
  return null;
}

/** Lets the timers run `ms` and the ticks' promises settle. */
async function pass(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('usePoll', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ticks every everyMs after the last tick settled, only while active, at most max times', async () => {
    let answer: () => void = () => undefined;
    const tick = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { rerender } = render(<Poller tick={tick} options={{ everyMs: 1000, active: true, max: 3 }} />);
    await pass(999);
    expect(tick).toHaveBeenCalledTimes(0);
    await pass(1);
    expect(tick).toHaveBeenCalledTimes(1);
    // no second tick while the first is unanswered
    await pass(5000);
    expect(tick).toHaveBeenCalledTimes(1);
    answer();
    await pass(1000);
    expect(tick).toHaveBeenCalledTimes(2);
    answer();
    await pass(1000);
    answer();
    await pass(5000);
    expect(tick).toHaveBeenCalledTimes(3);
    // a new series counts afresh; inactive, nothing
    rerender(<Poller tick={tick} options={{ everyMs: 1000, active: false, max: 3 }} series="b" />);
    await pass(5000);
    expect(tick).toHaveBeenCalledTimes(3);
    rerender(<Poller tick={tick} options={{ everyMs: 1000, active: true, max: 3 }} series="b" />);
    await pass(1000);
    expect(tick).toHaveBeenCalledTimes(4);
  });

  it('goes on after a failed tick, and skips (without counting) the ticks of a hidden tab when visibleOnly', async () => {
    const tick = jest.fn(() => Promise.reject(new Error('offline')));
    const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    render(<Poller tick={tick} options={{ everyMs: 100, active: true, max: 2, visibleOnly: true }} />);
    await pass(1000);
    expect(tick).toHaveBeenCalledTimes(0);
    hidden.mockReturnValue('visible');
    await pass(1000);
    expect(tick).toHaveBeenCalledTimes(2);
    hidden.mockRestore();
  });

  it('stops when the page is left', async () => {
    const tick = jest.fn();
    const { unmount } = render(<Poller tick={tick} options={{ everyMs: 100, active: true }} />);
    await pass(250);
    expect(tick).toHaveBeenCalledTimes(2);
    unmount();
    await pass(1000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
