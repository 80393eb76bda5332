// Test helpers: a fetch double that answers like the back-office API, and the app rendered at an address.
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { $toasts, setLanguage } from '@bozor/shared';
import { AdminApp } from '../src/App';
import { endSession, startSession } from '../src/auth/session';
import type { Role, Staff } from '../src/api/types';
import { $newOrders, $seenOrderId } from '../src/hooks/newOrders';

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
type Handler = Reply | ((call: Call) => Reply);

/** Installs a fetch double: `"GET /api/admin/me"` → an answer (or a function of the call). */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchDouble = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://admin.test');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const reply: Reply = handler === undefined ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } } : typeof handler === 'function' ? handler(call) : handler;
    const status = reply.status ?? 200;
    const headers = reply.headers ?? {};
    return Promise.resolve({
      ok: status < 300,
      status,
      statusText: '',
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      text: () => Promise.resolve(reply.body === undefined ? '' : JSON.stringify(reply.body)),
    } as unknown as Response);
  };
  globalThis.fetch = jest.fn(fetchDouble) as unknown as typeof fetch;
  return {
    calls,
    /** The calls to one route ("GET /api/admin/orders"). */
    to: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

/** After fakeApi: holds the answers to `method` requests until the returned function is called (to see the page while sending). */
export function holdRequests(method: string): () => void {
  const answer = globalThis.fetch;
  const held: (() => void)[] = [];
  let released = false;
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') !== method || released) return answer(input, init);
    return new Promise<Response>((resolve, reject) => held.push(() => answer(input, init).then(resolve, reject)));
  }) as typeof fetch;
  return () => {
    released = true;
    held.splice(0).forEach((go) => go());
  };
}

/**
 * As in Chromium: while an event is being handled (its microtasks included), \`window.event\` is that event
 * and React renders each update at once (the "discrete" priority) instead of batching the updates of the
 * following promise steps. jsdom runs those steps after the event, so this puts \`window.event\` back in
 * place until the returned function is called.
 */
export function likeABrowserEvent(type = 'submit'): () => void {
  const event = new Event(type);
  Object.defineProperty(window, 'event', { configurable: true, get: () => event });
  return () => {
    Object.defineProperty(window, 'event', { configurable: true, get: () => undefined });
  };
}

export function staffMember(role: Role, patch: Partial<Staff> = {}): Staff {
  return {
    id: 7,
    phone: '+998901234567',
    name: 'Dilnoza Karimova',
    role,
    store_id: role === 'store' ? 2 : null,
    store_name: role === 'store' ? 'Bozor Chilanzar' : null,
    active: true,
    last_seen_at: null,
    created_at: '2026-11-01T09:00:00Z',
    ...patch,
  };
}

/** Where the app is now (path + query), for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}
export const currentLocation = () => screen.getByTestId('location').textContent ?? '';

/** Renders the back office at `path`, signed in as `staff` (or signed out). */
export function renderAdmin(path: string, staff: Staff | null = null) {
  if (staff) startSession('token-1', staff);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** A clean slate before each test: signed out, English, no "seen" orders, no toasts left from the last test. */
export function resetApp() {
  act(() => {
    $toasts.set([]);
    endSession();
    setLanguage('en');
    localStorage.clear();
    $seenOrderId.set(null);
    $newOrders.set({ count: 0, latestId: null });
  });
}

export const emptyOrders = {
  data: [],
  meta: { page: 1, per_page: 20, total: 0, last_page: 1, latest_id: 0, counts: { new: 0, confirmed: 0, assembling: 0, shipping: 0, ready_for_pickup: 0, delivered: 0, picked_up: 0, completed: 0, cancelled: 0 } },
};
