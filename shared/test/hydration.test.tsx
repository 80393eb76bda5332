import { act, lazy, Suspense, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useHydrated } from '../src';

// A page as the shell serves it: a part that reads useHydrated (the header's "Sign in" / "My account"),
// beside a remote's part the server rendered whose code the browser has not loaded yet.
function Remote({ opts }: { opts: { hydrated: boolean } }) {
  return <b id="remote" data-hydrated={String(opts.hydrated)}>remote part</b>;
}

function Page({ RemotePart }: { RemotePart: ComponentType<{ opts: { hydrated: boolean } }> }) {
  const hydrated = useHydrated();
  return (
    <div>
      <span id="probe">{hydrated ? 'browser' : 'server'}</span>
      <Suspense fallback={<i id="fallback">loading</i>}>
        {/* new props on every render, as the header's slots get */}
        <RemotePart opts={{ hydrated }} />
      </Suspense>
    </div>
  );
}

// React's act() with roots of our own (not testing-library's render)
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useHydrated', () => {
  const errors: unknown[] = [];
  beforeEach(() => {
    errors.length = 0;
    document.body.innerHTML = '';
  });

  it('is false in the server HTML and while hydrating, then true, and keeps the server HTML of a part still loading', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page RemotePart={Remote} />);
    document.body.append(container);
    expect(container.querySelector('#probe')?.textContent).toBe('server');
    const serverRemote = container.querySelector('#remote');
    expect(serverRemote).not.toBeNull();

    let arrive: (m: { default: typeof Remote }) => void = () => undefined;
    const LazyRemote = lazy(() => new Promise<{ default: typeof Remote }>((resolve) => (arrive = resolve)));
    await act(async () => {
      hydrateRoot(container, <Page RemotePart={LazyRemote} />, { onRecoverableError: (e) => errors.push(e) });
    });
    // the remote's code has not arrived: its server HTML stays on screen (no loading placeholder in its place)
    expect(container.querySelector('#remote')).toBe(serverRemote);
    expect(container.querySelector('#fallback')).toBeNull();

    await act(async () => arrive({ default: Remote }));
    expect(container.querySelector('#probe')?.textContent).toBe('browser');
    // hydrated, not rendered again: the very node the server sent, and React reported no mismatch
    expect(container.querySelector('#remote')).toBe(serverRemote);
    expect(serverRemote?.getAttribute('data-hydrated')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('is true at once in a page the browser renders itself', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const seen: boolean[] = [];
    function Probe() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return <span>{String(hydrated)}</span>;
    }
    await act(async () => createRoot(container).render(<Probe />));
    expect(container.textContent).toBe('true');
    expect(seen.every(Boolean)).toBe(true);
  });
});
