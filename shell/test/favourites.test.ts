/** @jest-environment jsdom */
import { $auth, $favourites, GUEST_AUTH, completeSignIn, createApiClient, logout, replaceFavourites, setApi, setFavourite, toggleFavourite } from '@bozor/shared';
import { FAVOURITES_KEY, FAVOURITES_SYNC_ERROR, initFavourites } from '../src/stores/favourites';

const card = (id: number) => ({ id, slug: `p${id}`, name: `P${id}` });

/** The API behind the real client: `routes` answer `METHOD path`; every call is recorded with its body. */
function api(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: Array<[string, unknown]> = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push([key, body]);
    const handler = routes[key];
    const [status, answer] = handler ? handler(body) : [404, { error: { code: 'NOT_FOUND', message: '' } }];
    return { ok: status < 400, status, statusText: '', headers: new Headers(), text: async () => JSON.stringify(answer) } as Response;
  }) as unknown as typeof fetch;
  setApi(createApiClient({ getLang: () => 'uz', getToken: () => $auth.get().token, getAccountType: () => 'individual', fetch: fetchFn }));
  return calls;
}

const settle = () => new Promise((r) => setTimeout(r, 10));
const stored = () => JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? 'null') as unknown;

let stop: () => void = () => undefined;
beforeEach(() => {
  stop();
  localStorage.clear();
  $auth.set(GUEST_AUTH);
  replaceFavourites([]);
});
afterEach(() => stop());

describe('favourites: a guest’s in the browser', () => {
  it('restores the list, keeps it written newest first, and asks no API', async () => {
    const calls = api({});
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([3, 1]));
    stop = initFavourites();
    expect($favourites.get()).toEqual([3, 1]);
    await toggleFavourite(7);
    expect(stored()).toEqual([7, 3, 1]);
    await toggleFavourite(3);
    expect(stored()).toEqual([7, 1]);
    expect(calls).toEqual([]);
  });

  it('ignores what is not a list of product ids', () => {
    for (const bad of ['{nope', '"x"', '[1,"2"]', '[0]', '[1.5]']) {
      localStorage.setItem(FAVOURITES_KEY, bad);
      stop();
      stop = initFavourites();
      expect($favourites.get()).toEqual([]);
    }
  });

  it('follows another tab', () => {
    stop = initFavourites();
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([5]));
    window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY, storageArea: localStorage }));
    expect($favourites.get()).toEqual([5]);
  });
});

describe('favourites at sign-in and sign-out', () => {
  it('merges the guest’s list into the account, empties the browser’s, then follows the account; sign-out shows the guest’s again', async () => {
    const calls = api({
      'GET /api/auth/user': () => [200, { user: { id: 1, user_type: 'individual' } }],
      'POST /api/profile/favourites/merge': () => [200, { data: [card(2), card(1), card(9)] }],
      'POST /api/profile/favourites': () => [200, { data: { product_id: 4, created_at: '2026-11-22T09:00:00.000Z' } }],
      'POST /api/auth/logout': () => [200, {}],
    });
    stop = initFavourites();
    await setFavourite(1, true);
    await setFavourite(2, true);
    await completeSignIn('tok');
    await settle();
    expect(calls).toContainEqual(['POST /api/profile/favourites/merge', { product_ids: [2, 1] }]);
    expect($favourites.get()).toEqual([2, 1, 9]);
    expect(localStorage.getItem(FAVOURITES_KEY)).toBeNull();
    // signed in: a heart goes to the account, not to the browser's list
    await toggleFavourite(4);
    expect(calls).toContainEqual(['POST /api/profile/favourites', { product_id: 4 }]);
    expect(localStorage.getItem(FAVOURITES_KEY)).toBeNull();
    await logout();
    expect($favourites.get()).toEqual([]);
  });

  it('signed in without a guest list: the account’s list is read; a failed change puts the heart back and rejects', async () => {
    api({
      'GET /api/auth/user': () => [200, { user: { id: 1, user_type: 'individual' } }],
      'GET /api/profile/favourites': () => [200, { data: [card(8)] }],
      'DELETE /api/profile/favourites/8': () => [503, { error: { code: 'UNAVAILABLE', message: 'down' } }],
    });
    stop = initFavourites();
    await completeSignIn('tok');
    await settle();
    expect($favourites.get()).toEqual([8]);
    await expect(toggleFavourite(8)).rejects.toMatchObject({ status: 503 });
    expect($favourites.get()).toEqual([8]);
  });

  it('a failed merge keeps the browser’s list, merged at the next start', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const calls = api({
      'GET /api/auth/user': () => [200, { user: { id: 1, user_type: 'individual' } }],
      'POST /api/profile/favourites/merge': () => (fail ? [503, { error: { code: 'UNAVAILABLE', message: 'down' } }] : [200, { data: [card(6), card(3)] }]),
    });
    stop = initFavourites();
    await setFavourite(6, true);
    await completeSignIn('tok');
    await settle();
    expect(errors.mock.calls[0]?.[0]).toBe(FAVOURITES_SYNC_ERROR);
    expect(stored()).toEqual([6]);
    fail = false;
    stop();
    stop = initFavourites();
    await settle();
    expect(calls.filter(([key]) => key === 'POST /api/profile/favourites/merge')).toHaveLength(2);
    expect($favourites.get()).toEqual([6, 3]);
    expect(localStorage.getItem(FAVOURITES_KEY)).toBeNull();
    errors.mockRestore();
  });
});
