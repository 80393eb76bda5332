/** @jest-environment jsdom */
import { $auth, $cart, GUEST_AUTH, RECENTLY_VIEWED_KEY, addToCart, clearCart, completeSignIn, createApiClient, logout, setApi, type CartItem } from '@bozor/shared';
import { decodeCartCookie } from '@bozor/shared/cart-cookie';
import { CART_SYNC_ERROR, CART_UNSYNCED_KEY, initPersistence } from '../src/stores/persistence';

const item = (id: number, quantity: number): CartItem => ({ product_id: id, name: `P${id}`, img_url: null, quantity, price: 1000, slug: `p${id}` });

function api(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: string[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    calls.push(key);
    const handler = routes[key];
    const [status, body] = handler ? handler(init.body ? JSON.parse(String(init.body)) : undefined) : [404, {}];
    return { ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) } as Response;
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'uz', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: fetchFn }));
  return calls;
}

let stop: () => void = () => undefined;
beforeEach(() => {
  stop();
  localStorage.clear();
  $auth.set(GUEST_AUTH);
  clearCart();
});
afterEach(() => stop());

describe('persistence', () => {
  it("restores 'auth' and 'cart' from localStorage and writes changes back", () => {
    localStorage.setItem('cart', JSON.stringify([item(1, 2)]));
    localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: 'tok', user: null, userType: 'individual' }));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect($cart.get()).toEqual([item(1, 2)]);
    expect($auth.get().token).toBe('tok');
    $auth.set(GUEST_AUTH);
    addToCart(item(2, 1));
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('auth')!).userType).toBe('null');
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem('cart', '{nope');
    localStorage.setItem('auth', JSON.stringify({ hello: 1 }));
    stop = initPersistence().stop;
    expect($cart.get()).toEqual([]);
    expect($auth.get()).toEqual(GUEST_AUTH);
  });

  it('merges the guest cart into the backend cart on sign-in and pushes the result', async () => {
    const pushed: unknown[] = [];
    api({
      'GET /api/auth/user': () => [200, { user: { id: 1, user_type: 'individual' } }],
      'GET /api/profile/cart': () => [200, [item(1, 2), item(3, 1)]],
      'POST /api/profile/cart': (body) => {
        pushed.push(body);
        return [200, {}];
      },
    });
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    addToCart(item(1, 1));
    addToCart(item(2, 1));
    await completeSignIn('tok');
    await new Promise((r) => setTimeout(r, 10));
    expect($cart.get().map((i) => [i.product_id, i.quantity])).toEqual([
      [1, 3],
      [3, 1],
      [2, 1],
    ]);
    expect((pushed[0] as { cart_data: CartItem[] }).cart_data).toHaveLength(3);
  });

  it('logs a failed sync with the Russian message', async () => {
    api({
      'GET /api/auth/user': () => [200, { user: { id: 1 } }],
      'GET /api/profile/cart': () => [500, {}],
    });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    await completeSignIn('tok');
    await new Promise((r) => setTimeout(r, 10));
    expect(spy.mock.calls.some((c) => c[0] === CART_SYNC_ERROR)).toBe(true);
    spy.mockRestore();
  });

  it('empties the cart at logout', async () => {
    api({ 'POST /api/auth/logout': () => [200, {}] });
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    addToCart(item(1, 1));
    await logout();
    expect($cart.get()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('auth')!)).toEqual(GUEST_AUTH);
  });

  it('forgets the recently viewed products at logout (a shared computer)', async () => {
    api({ 'POST /api/auth/logout': () => [200, {}] });
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([12, 7]));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'individual' });
    await logout();
    expect(localStorage.getItem(RECENTLY_VIEWED_KEY)).toBeNull();
  });

  it('follows sign-in, logout and cart changes made in another tab', () => {
    stop = initPersistence().stop;
    const otherTab = (key: string, value: unknown) => {
      localStorage.setItem(key, JSON.stringify(value));
      window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
    };
    otherTab('auth', { isAuthenticated: true, token: 'x', user: null, userType: 'individual' });
    expect($auth.get().isAuthenticated).toBe(true);
    otherTab('cart', [item(5, 4)]);
    expect($cart.get()).toEqual([item(5, 4)]);
    otherTab('auth', GUEST_AUTH);
    expect($auth.get()).toEqual(GUEST_AUTH);
  });
});

describe("a signed-in shopper's cart changed on another device", () => {
  const signedIn = () => localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: 'tok', user: null, userType: 'individual' }));
  const settle = () => new Promise((r) => setTimeout(r, 10));

  it('is read from the server at start-up, and the next change here keeps its lines', async () => {
    let server: CartItem[] = [item(1, 1)];
    api({
      'GET /api/profile/cart': () => [200, server],
      'POST /api/profile/cart': (body) => {
        server = (body as { cart_data: CartItem[] }).cart_data;
        return [200, {}];
      },
    });
    signedIn();
    localStorage.setItem('cart', JSON.stringify([]));
    const persistence = initPersistence({ pushDelayMs: 0 });
    stop = persistence.stop;
    await persistence.pullCart();
    expect($cart.get()).toEqual([item(1, 1)]);
    addToCart(item(2, 1));
    await settle();
    expect(server.map((i) => i.product_id)).toEqual([1, 2]);
    expect(localStorage.getItem(CART_UNSYNCED_KEY)).toBeNull();
  });

  it('is read again when the shopper comes back to the tab', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    const page = { addEventListener: document.addEventListener.bind(document), removeEventListener: document.removeEventListener.bind(document), get visibilityState() { return visibility; } };
    api({ 'GET /api/profile/cart': () => [200, [item(4, 2)]] });
    signedIn();
    stop = initPersistence({ pushDelayMs: 0, page }).stop;
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect($cart.get()).toEqual([item(4, 2)]);
  });

  it("keeps a change this browser has not pushed yet, with the lines another device added, and pushes both", async () => {
    const pushed: unknown[] = [];
    api({
      // the server has this browser's line at its old quantity (the push of 3 was cut short by leaving the
      // page) and a line another device added
      'GET /api/profile/cart': () => [200, [item(9, 1), item(1, 1)]],
      'POST /api/profile/cart': (body) => {
        pushed.push(body);
        return [200, {}];
      },
    });
    signedIn();
    localStorage.setItem('cart', JSON.stringify([item(9, 3)]));
    localStorage.setItem(CART_UNSYNCED_KEY, '1');
    const persistence = initPersistence({ pushDelayMs: 0 });
    stop = persistence.stop;
    await persistence.pullCart();
    await settle();
    expect($cart.get()).toEqual([item(9, 3), item(1, 1)]);
    expect(pushed).toEqual([{ cart_data: [item(9, 3), item(1, 1)] }]);
    expect(localStorage.getItem(CART_UNSYNCED_KEY)).toBeNull();
  });

  it('pushes an unconfirmed change again when the server has nothing this browser lacks', async () => {
    const pushed: unknown[] = [];
    api({
      'GET /api/profile/cart': () => [200, []],
      'POST /api/profile/cart': (body) => {
        pushed.push(body);
        return [200, {}];
      },
    });
    signedIn();
    localStorage.setItem('cart', JSON.stringify([item(9, 3)]));
    localStorage.setItem(CART_UNSYNCED_KEY, '1'); // the last push failed (offline)
    const persistence = initPersistence({ pushDelayMs: 0 });
    stop = persistence.stop;
    await persistence.pullCart();
    await settle();
    expect($cart.get()).toEqual([item(9, 3)]);
    expect(pushed).toEqual([{ cart_data: [item(9, 3)] }]);
  });

  it('keeps a change made while the server was being asked', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const fetchFn = (async (url: string, init: RequestInit) => {
      const [status, body] =
        init.method === 'GET' ? await new Promise<[number, unknown]>((r) => (answer = r)) : ([200, {}] as [number, unknown]);
      return { ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) } as Response;
    }) as unknown as typeof fetch;
    setApi(createApiClient({ getLang: () => 'uz', getToken: () => 'tok', getAccountType: () => 'individual', fetch: fetchFn }));
    signedIn();
    const persistence = initPersistence({ pushDelayMs: 0 });
    stop = persistence.stop;
    const pulled = persistence.pullCart();
    addToCart(item(2, 1));
    answer([200, [item(1, 1)]]);
    await pulled;
    expect($cart.get()).toEqual([item(2, 1)]);
  });

  it('is not asked for a guest', async () => {
    const calls = api({});
    const persistence = initPersistence({ pushDelayMs: 0 });
    stop = persistence.stop;
    await persistence.pullCart();
    expect(calls).toEqual([]);
  });
});

describe('the cart mirrored into the bz_cart cookie (what the server renders the cart page from)', () => {
  const cookie = () => /(?:^|;\s*)bz_cart=([^;]*)/.exec(document.cookie)?.[1];

  it('is written at start-up and on every change, and decodes back to the cart', () => {
    localStorage.setItem('cart', JSON.stringify([item(1, 2)]));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect(cookie()).toBe('1..2.1000');
    addToCart({ ...item(7, 1), attributes: { variant_id: 70 } });
    expect(cookie()).toBe('1..2.1000_7.70.1.1000');
    expect(decodeCartCookie(cookie() ?? 'x')).toEqual([
      { product_id: 1, quantity: 2, price: 1000 },
      { product_id: 7, variant_id: 70, quantity: 1, price: 1000 },
    ]);
    clearCart();
    expect(cookie()).toBe('');
  });

  it("is removed for a legal entity's cart (the server renders individual prices) and for a line named by options", () => {
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    addToCart(item(1, 1));
    expect(cookie()).toBe('1..1.1000');
    $auth.set({ isAuthenticated: true, token: 't', user: null, userType: 'legal' });
    expect(cookie()).toBeUndefined();
    $auth.set(GUEST_AUTH);
    expect(cookie()).toBe('1..1.1000');
    addToCart({ ...item(2, 1), attributes: { color: 'white' } });
    expect(cookie()).toBeUndefined();
  });
});

describe('the bz_in cookie (the server draws the header of a signed-in browser with "My account")', () => {
  const cookie = () => /(?:^|;\s*)bz_in=([^;]*)/.exec(document.cookie)?.[1];

  it('is there while a session is stored, from start-up on, and goes at sign-out; it carries nothing of the session', () => {
    localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: 'secret-token', user: null, userType: 'individual' }));
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect(cookie()).toBe('1');
    expect(document.cookie).not.toContain('secret-token');
    $auth.set(GUEST_AUTH);
    expect(cookie()).toBeUndefined();
    $auth.set({ isAuthenticated: true, token: 't2', user: null, userType: 'legal' });
    expect(cookie()).toBe('1');
    $auth.set(GUEST_AUTH);
  });

  it('is not written for a guest', () => {
    stop = initPersistence({ pushDelayMs: 0 }).stop;
    expect(cookie()).toBeUndefined();
  });
});

describe('a line the start-up pull takes out or lowers', () => {
  const signedIn = () => localStorage.setItem('auth', JSON.stringify({ isAuthenticated: true, token: 'tok', user: null, userType: 'individual' }));
  const settle = () => new Promise((r) => setTimeout(r, 10));

  it('is told, in the page language, when the cart check says it sold out or is short of stock', async () => {
    const checked: unknown[] = [];
    api({
      // the server's copy: line 1 sold out since (dropped), line 2 capped at the 1 left, line 3 unchanged
      'GET /api/profile/cart': () => [200, [item(2, 1), item(3, 1)]],
      'POST /api/cart/check': (body) => {
        checked.push(body);
        return [200, { data: [{ ...item(2, 1), total_quanity: 1 }], changes: [{ product_id: 1, variant_id: null, change: 'unavailable' }, { product_id: 2, variant_id: null, change: 'quantity_capped' }] }];
      },
    });
    signedIn();
    localStorage.setItem('cart', JSON.stringify([item(1, 1), item(2, 3), item(3, 1)]));
    const told: string[] = [];
    const persistence = initPersistence({ pushDelayMs: 0, announce: (m) => told.push(m) });
    stop = persistence.stop;
    await persistence.pullCart();
    await settle();
    expect($cart.get()).toEqual([item(2, 1), item(3, 1)]);
    // only the shrunk lines are checked
    expect((checked[0] as { cart_data: CartItem[] }).cart_data.map((l) => l.product_id)).toEqual([1, 2]);
    expect(told).toEqual(['«P1» endi sotuvda yoʻq va savatdan olib tashlandi', '«P2»: omborda shuncha qolmadi, savatdagi miqdor kamaytirildi']);
  });

  it('is not told when it was taken out on another device (the check finds nothing wrong with it)', async () => {
    api({
      'GET /api/profile/cart': () => [200, [item(3, 1)]],
      'POST /api/cart/check': () => [200, { data: [{ ...item(1, 1), total_quanity: 10 }], changes: [] }],
    });
    signedIn();
    localStorage.setItem('cart', JSON.stringify([item(1, 1), item(3, 1)]));
    const told: string[] = [];
    const persistence = initPersistence({ pushDelayMs: 0, announce: (m) => told.push(m) });
    stop = persistence.stop;
    await persistence.pullCart();
    await settle();
    expect($cart.get()).toEqual([item(3, 1)]);
    expect(told).toEqual([]);
  });
});
