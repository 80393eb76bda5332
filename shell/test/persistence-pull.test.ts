/** @jest-environment jsdom */
// The shell's persistence (stores/persistence.ts) reading a signed-in shopper's cart from the server: at
// start-up and back in the tab, keeping what this browser has not pushed yet, and telling the shopper of a
// line the pull took out or lowered.
import { $auth, $cart, GUEST_AUTH, addToCart, clearCart, createApiClient, setApi, type CartItem } from '@bozor/shared';
import { CART_UNSYNCED_KEY, initPersistence } from '../src/stores/persistence';
import { api, item } from './support/stand-in-api';

let stop: () => void = () => undefined;
beforeEach(() => {
  stop();
  localStorage.clear();
  $auth.set(GUEST_AUTH);
  clearCart();
});
afterEach(() => stop());

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