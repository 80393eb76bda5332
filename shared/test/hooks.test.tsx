import { act, render, screen } from '@testing-library/react';
import { type AsyncSeed, useAsync, useCountdown } from '../src/hooks';

function Resend() {
  const [left, setLeft] = useCountdown();
  return left > 0 ? <span>wait {left}</span> : <button onClick={() => setLeft(3)}>send</button>;
}

describe('useCountdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down once a second and gives the button back at zero', () => {
    render(<Resend />);
    act(() => screen.getByRole('button', { name: 'send' }).click());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('wait 3')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('wait 2')).not.toBeNull();
    act(() => jest.advanceTimersByTime(999));
    expect(screen.queryByText('wait 2')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('wait 1')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(/wait/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'send' })).not.toBeNull();
  });
});

describe('useAsync', () => {
  function deferred<T>() {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  function Page({ id, load, seed }: { id: string; load: (id: string) => Promise<string>; seed?: () => AsyncSeed<string> | undefined }) {
    const { data, loading, error, reload } = useAsync(id, () => load(id), seed);
    if (error) return <button onClick={reload}>retry</button>;
    return <p>{loading ? 'loading' : data}</p>;
  }

  it('shows the answer for the newest key only, even when an older answer comes later', async () => {
    const answers = new Map([['a', deferred<string>()], ['b', deferred<string>()]]);
    const load = (id: string) => answers.get(id)!.promise;
    const { rerender } = render(<Page id="a" load={load} />);
    expect(screen.queryByText('loading')).not.toBeNull();
    rerender(<Page id="b" load={load} />);
    await act(async () => answers.get('b')!.resolve('product b'));
    await act(async () => answers.get('a')!.resolve('product a'));
    expect(screen.queryByText('product b')).not.toBeNull();
    expect(screen.queryByText('product a')).toBeNull();
  });

  it('asks again for the same key on reload after a failure', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'back online';
    };
    render(<Page id="a" load={load} />);
    await act(async () => {});
    await act(async () => screen.getByRole('button', { name: 'retry' }).click());
    expect(screen.queryByText('back online')).not.toBeNull();
    expect(calls).toBe(2);
  });

  it('shows an answer given with the page at once and asks nothing for it', async () => {
    const markUsed = jest.fn();
    const load = jest.fn(async () => 'fetched');
    render(<Page id="a" load={load} seed={() => ({ value: 'from the page', markUsed })} />);
    expect(screen.queryByText('from the page')).not.toBeNull();
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(markUsed).toHaveBeenCalledTimes(1);
  });
});
