import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { type AsyncSeed, useAfterNextRender, useAsync, useCountdown, useFocusOnSignIn } from '../src/hooks';
import { $auth, GUEST_AUTH, clearAuth, completeSignIn, restoreAuth } from '../src/stores/auth';
import { setApi } from '../src/stores/services';
import { createApiClient } from '../src/api/client';

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

describe('useAfterNextRender', () => {
  /** "Add a note": the press shows a field, which takes the focus once it is on screen. */
  function Notes({ onAction }: { onAction: (shown: number) => void }) {
    const [shown, setShown] = useState(0);
    const field = useRef<HTMLInputElement>(null);
    // a new closure every render: the one of the render after the call runs, seeing that render's state
    const focusField = useAfterNextRender(() => {
      onAction(shown);
      field.current?.focus();
    });
    return (
      <>
        <button onClick={() => { setShown((n) => n + 1); focusField(); }}>add</button>
        <button onClick={() => focusField()}>again</button>
        {shown > 0 ? <input key={shown} ref={field} aria-label={`note ${shown}`} /> : null}
      </>
    );
  }

  it('runs nothing on mount, then the action once per call, after the render that follows the call', () => {
    const onAction = jest.fn();
    render(<Notes onAction={onAction} />);
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    // the field did not exist when the function was called: the action ran once it was rendered
    expect(document.activeElement).toBe(screen.getByLabelText('note 1'));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(document.activeElement).toBe(screen.getByLabelText('note 2'));
    expect(onAction).toHaveBeenLastCalledWith(2);
    // a call with no other change runs it again
    act(() => screen.getByRole('button', { name: 'again' }).focus());
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(document.activeElement).toBe(screen.getByLabelText('note 2'));
    expect(onAction).toHaveBeenCalledTimes(3);
  });

  it('gives the same function on every render', () => {
    const seen: Array<() => void> = [];
    function Probe() {
      const [, setN] = useState(0);
      const call = useAfterNextRender(() => {});
      seen.push(call);
      return <button onClick={() => setN((n) => n + 1)}>render</button>;
    }
    render(<Probe />);
    fireEvent.click(screen.getByRole('button'));
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(1);
  });
});

describe('useFocusOnSignIn', () => {
  /** My profile as a guest sees it (a "Sign in" card) and as a signed-in shopper (the form). */
  function Profile() {
    const auth = useStore($auth);
    const heading = useFocusOnSignIn<HTMLHeadingElement>();
    return (
      <section>
        <h1 ref={heading} tabIndex={-1}>
          My profile
        </h1>
        {auth.isAuthenticated ? <input aria-label="Name" /> : <button>Sign in</button>}
      </section>
    );
  }

  beforeEach(() => {
    restoreAuth(GUEST_AUTH);
    // jsdom has no Response: the client only reads ok, status, statusText and text()
    const fetch = (() =>
      Promise.resolve({ ok: true, status: 200, statusText: '', headers: { get: () => null }, text: () => Promise.resolve(JSON.stringify({ id: 1, phone: '998901234567', user_type: 'individual' })) })) as unknown as typeof globalThis.fetch;
    setApi(createApiClient({ getLang: () => 'en', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch }));
  });

  /** The "Sign in" card's button has the focus, and the sign-in dialog completes. */
  const signInFromCard = async () => {
    act(() => screen.getByRole('button', { name: 'Sign in' }).focus());
    await act(() => completeSignIn('tok'));
  };
  const heading = () => screen.getByRole('heading', { name: 'My profile' });

  it('gives the heading the focus on each sign-in on the page, also after a session ended there', async () => {
    render(<Profile />);
    await signInFromCard();
    expect(document.activeElement).toBe(heading());
    act(() => screen.getByLabelText('Name').focus());
    // the session ends on the server: the next call's 401 signs the shopper out, the card comes back
    act(() => clearAuth());
    await signInFromCard();
    expect(document.activeElement).toBe(heading());
  });

  it('also after a sign-out in another tab, which only restores the guest here', async () => {
    render(<Profile />);
    await signInFromCard();
    act(() => screen.getByLabelText('Name').focus());
    act(() => restoreAuth(GUEST_AUTH));
    await signInFromCard();
    expect(document.activeElement).toBe(heading());
  });

  it('moves nothing for a session signed in in another tab or restored from storage', async () => {
    render(<Profile />);
    await signInFromCard();
    act(() => clearAuth());
    const card = screen.getByRole('button', { name: 'Sign in' });
    act(() => card.focus());
    act(() => restoreAuth({ isAuthenticated: true, token: 'other', user: { phone: '998901234567' }, userType: 'individual' }));
    expect(document.activeElement).not.toBe(heading());
  });
});
