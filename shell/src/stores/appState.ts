// App state only some pages read: the category tree (the 404 page's links, the categories page) and the
// delivery settings (the cart's fee texts). Each is fetched — and checked with the schemas, loaded with
// it — when a part of the page first reads its store, not on every page after load: the call and zod's
// chunk were a task on every page that no page but these needed (docs/decisions.md "Lighthouse: less
// JavaScript after load").
// Both answers speak the page's language (category names, region names), so a store is fetched again when
// the language changes: at once while a page reads it, else when one next does. Loaded once per page life,
// the 404 page's chips and the categories page stayed in the language left until a reload.
import { onMount, type ReadableAtom } from 'nanostores';
import { $categories, $deliverySettings, $language, setCategories, setDeliverySettings, type ApiClient, type Lang } from '@bozor/shared';

type AppStateApi = Pick<ApiClient, 'getCategories' | 'getDeliverySettings'>;

/**
 * Keeps `store` in the page's language while something reads it: `fetch` when the first reader subscribes
 * and when the language changes under a reader, then `keep` the answer — unless the language changed
 * meanwhile (that answer is in the one left). Once per language: again only after a failure, when the
 * store is next read or the language changes. Returns the unbinding.
 */
function inPageLanguage<T>(store: ReadableAtom<unknown>, fetch: () => Promise<T>, keep: (value: T) => void): () => void {
  // the language the store holds, or is being loaded in
  let held: Lang | undefined;
  let read = false;
  const ensure = () => {
    const lang = $language.get();
    if (held === lang) return;
    held = lang;
    fetch().then(
      (value) => {
        if ($language.get() === lang) keep(value);
      },
      () => {
        if (held === lang) held = undefined;
      },
    );
  };
  const unbind = [
    onMount(store, () => {
      read = true;
      ensure();
      return () => {
        read = false;
      };
    }),
    // a store nobody reads is not fetched for the new language: its next reader does that
    $language.listen(() => {
      if (read) ensure();
    }),
  ];
  return () => unbind.forEach((off) => off());
}

/** Loads each store of app state the first time something subscribes to it. Returns the unbinding. */
export function loadAppStateOnDemand(api: () => AppStateApi): () => void {
  const categories = inPageLanguage($categories, async () => (await api().getCategories()).data, setCategories);
  const delivery = inPageLanguage(
    $deliverySettings,
    async () => {
      const [answer, { deliverySettingsSchema }] = await Promise.all([api().getDeliverySettings(), import('@bozor/shared/schemas')]);
      const parsed = deliverySettingsSchema.safeParse(answer);
      // settings that fail the check are not kept (the cart then asks itself)
      return parsed.success ? parsed.data : null;
    },
    setDeliverySettings,
  );
  return () => {
    categories();
    delivery();
  };
}
