// The category tree and the delivery settings are fetched when a page first reads them, once, and
// again only after a failure; a page that reads neither asks for neither.
import { cleanStores } from 'nanostores';
import { $categories, $deliverySettings } from '@bozor/shared';
import { loadAppStateOnDemand } from '../src/stores/appState';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface FakeApiState {
  categories: Array<{ id: number; name: string; slug: string }>;
  failCategories: boolean;
}

function fakeApi() {
  const api: FakeApiState = {
    categories: [{ id: 1, name: 'Oshxona', slug: 'kitchen' }],
    failCategories: false,
  };
  return Object.assign(api, {
    getCategories: jest.fn(async () => {
      if (api.failCategories) throw new Error('offline');
      return { data: api.categories };
    }),
    getDeliverySettings: jest.fn(async () => ({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } })),
  });
}

let unbind: () => void = () => undefined;
afterEach(() => {
  unbind();
  // unmounted now, not after nanostores' one-second delay, and emptied
  cleanStores($categories, $deliverySettings);
  $categories.set([]);
  $deliverySettings.set(null);
});

it('asks for nothing until a page reads the stores', async () => {
  const api = fakeApi();
  unbind = loadAppStateOnDemand(() => api as never);
  await settle();
  expect(api.getCategories).not.toHaveBeenCalled();
  expect(api.getDeliverySettings).not.toHaveBeenCalled();
});

it('loads the categories when the first reader subscribes, and only once', async () => {
  const api = fakeApi();
  unbind = loadAppStateOnDemand(() => api as never);
  const seen: unknown[] = [];
  const off = $categories.subscribe((value) => seen.push(value));
  await settle();
  expect(api.getCategories).toHaveBeenCalledTimes(1);
  expect($categories.get()).toEqual(api.categories);
  expect(seen.at(-1)).toEqual(api.categories);
  off();
  // a later reader (after the store was left) does not ask again
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const again = $categories.listen(() => undefined);
  await settle();
  again();
  expect(api.getCategories).toHaveBeenCalledTimes(1);
  expect(api.getDeliverySettings).not.toHaveBeenCalled();
});

it('tries again at the next reader after a failure', async () => {
  const api = fakeApi();
  api.failCategories = true;
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $categories.listen(() => undefined);
  await settle();
  off();
  expect($categories.get()).toEqual([]);
  api.failCategories = false;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const again = $categories.listen(() => undefined);
  await settle();
  again();
  expect(api.getCategories).toHaveBeenCalledTimes(2);
  expect($categories.get()).toEqual(api.categories);
});

it('loads and checks the delivery settings when the cart reads them', async () => {
  const api = fakeApi();
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $deliverySettings.listen(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  off();
  expect(api.getDeliverySettings).toHaveBeenCalledTimes(1);
  expect($deliverySettings.get()).toEqual({ data: { delivery_sum: 25000, free_delivery_threshold: 1000000 } });
});

it('keeps no delivery settings that lack the fee or the threshold (the cart then asks itself)', async () => {
  const api = fakeApi();
  api.getDeliverySettings.mockResolvedValueOnce({ data: { delivery_price: 25000, free_delivery_from: 1000000 } } as never);
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $deliverySettings.listen(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  off();
  expect(api.getDeliverySettings).toHaveBeenCalledTimes(1);
  expect($deliverySettings.get()).toBeNull();
});
