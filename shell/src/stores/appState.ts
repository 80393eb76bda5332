// App state only some pages read: the category tree (the 404 page's links, the categories page) and the
// delivery settings (the cart's fee texts). Each is fetched — and checked with the schemas, loaded with
// it — when a part of the page first reads its store, not on every page after load: the call and zod's
// chunk were a task on every page that no page but these needed (docs/decisions.md "Lighthouse: less
// JavaScript after load").
import { onMount } from 'nanostores';
import { $categories, $deliverySettings, setCategories, setDeliverySettings, type ApiClient } from '@bozor/shared';

type AppStateApi = Pick<ApiClient, 'getCategories' | 'getDeliverySettings'>;

/** `load` once: again only after a failure, when the store is next read. */
function once(load: () => Promise<void>): () => void {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= load().catch(() => {
      loading = undefined;
    });
  };
}

/** Loads each store of app state the first time something subscribes to it. Returns the unbinding. */
export function loadAppStateOnDemand(api: () => AppStateApi): () => void {
  const categories = once(async () => setCategories((await api().getCategories()).data));
  const delivery = once(async () => {
    const [answer, { deliverySettingsSchema }] = await Promise.all([api().getDeliverySettings(), import('@bozor/shared/schemas')]);
    const parsed = deliverySettingsSchema.safeParse(answer);
    if (parsed.success) setDeliverySettings(parsed.data);
  });
  const unbind = [onMount($categories, categories), onMount($deliverySettings, delivery)];
  return () => unbind.forEach((off) => off());
}
