// The category tree and the delivery settings are fetched when a page first reads them, once per
// language, and again only after a failure; a page that reads neither asks for neither. Their names are
// in the page's language, so a language switch under a reader loads them again.
import { cleanStores } from 'nanostores';
import { $categories, $deliverySettings, $language, DEFAULT_LANG, setLanguage, type Lang } from '@bozor/shared';
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
  setLanguage(DEFAULT_LANG);
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

/** Like the real client: each call is made in the page's language of that moment (X-LANG). */
const KITCHEN: Record<Lang, string> = { uz: 'Oshxona texnikasi', ru: 'Кухонная техника', en: 'Kitchen appliances' };
const KHOREZM: Record<Lang, string> = { uz: 'Xorazm viloyati', ru: 'Хорезмская область', en: 'Khorezm region' };

function speakingApi() {
  return {
    getCategories: jest.fn(async () => ({ data: [{ id: 1, name: KITCHEN[$language.get()], slug: 'kitchen' }] })),
    getDeliverySettings: jest.fn(async () => ({
      data: { delivery_sum: 25000, free_delivery_threshold: 1000000, regions: [{ slug: 'khorezm', name: KHOREZM[$language.get()] }] },
    })),
  };
}

const categoryNames = () => $categories.get().map((c) => c.name);
const regionNames = () => ($deliverySettings.get()?.data as { regions?: Array<{ name: string }> } | undefined)?.regions?.map((r) => r.name);

it('loads the categories again in the new language when the language changes under a reader (404 page, categories page)', async () => {
  setLanguage('ru');
  const api = speakingApi();
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $categories.listen(() => undefined);
  await settle();
  expect(categoryNames()).toEqual(['Кухонная техника']);
  setLanguage('en');
  await settle();
  expect(categoryNames()).toEqual(['Kitchen appliances']);
  setLanguage('uz');
  await settle();
  off();
  expect(categoryNames()).toEqual(['Oshxona texnikasi']);
  expect(api.getCategories).toHaveBeenCalledTimes(3);
  // the delivery settings, which nobody read, were never asked for
  expect(api.getDeliverySettings).not.toHaveBeenCalled();
});

it('loads the delivery settings again in the new language while the cart reads them (region names)', async () => {
  const api = speakingApi();
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $deliverySettings.listen(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(regionNames()).toEqual(['Xorazm viloyati']);
  setLanguage('ru');
  await new Promise((resolve) => setTimeout(resolve, 50));
  off();
  expect(regionNames()).toEqual(['Хорезмская область']);
  expect(api.getDeliverySettings).toHaveBeenCalledTimes(2);
  expect(api.getCategories).not.toHaveBeenCalled();
});

it('does not fetch a store nobody reads on a switch; its next reader gets the new language', async () => {
  setLanguage('ru');
  const api = speakingApi();
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $categories.listen(() => undefined);
  await settle();
  off();
  // the store is left (after nanostores' one-second delay), then the shopper switches to English
  await new Promise((resolve) => setTimeout(resolve, 1100));
  setLanguage('en');
  await settle();
  expect(api.getCategories).toHaveBeenCalledTimes(1);
  const again = $categories.listen(() => undefined);
  await settle();
  again();
  expect(api.getCategories).toHaveBeenCalledTimes(2);
  expect(categoryNames()).toEqual(['Kitchen appliances']);
});

it('does not keep an answer that arrives after the language changed', async () => {
  setLanguage('ru');
  let answerRussian: () => void = () => undefined;
  const api = speakingApi();
  api.getCategories.mockImplementationOnce(
    () => new Promise((resolve) => (answerRussian = () => resolve({ data: [{ id: 1, name: KITCHEN.ru, slug: 'kitchen' }] }))),
  );
  unbind = loadAppStateOnDemand(() => api as never);
  const off = $categories.listen(() => undefined);
  setLanguage('en');
  await settle();
  expect(categoryNames()).toEqual(['Kitchen appliances']);
  // the slow Russian answer comes last
  answerRussian();
  await settle();
  off();
  expect(categoryNames()).toEqual(['Kitchen appliances']);
});
