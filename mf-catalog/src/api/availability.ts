// The product page's availability answer (docs/api.md "GET /api/products/{slug}/availability"), over the
// page's one client (the shopper's stock alerts are the shared profile calls, `@bozor/shared/api/profile`).
// The availability of a product is asked once per page (every variant is in it) and kept a short while, so
// the page can start the request while the section's code is still loading.
import { $accountType, $language, getApi, type Answer } from '@bozor/shared';

export type Availability = Answer<'/api/products/{slug}/availability', 'get'>['data'];
export type VariantAvailability = Availability['variants'][number];

const KEEP_MS = 30_000;
const answers = new Map<string, { at: number; answer: Promise<Availability> }>();

/** The key an availability answer is kept under (and the page's hook re-asks on). */
const availabilityKey = (slug: string, region: string) => `${slug}|${region}|${$language.get()}|${$accountType.get()}`;

/** Stock per store and the delivery estimate of every variant of `slug`, for a delivery region. */
export function loadAvailability(slug: string, region: string, fresh = false): Promise<Availability> {
  const key = availabilityKey(slug, region);
  const hit = answers.get(key);
  if (hit && !fresh && Date.now() - hit.at < KEEP_MS) return hit.answer;
  const answer = getApi()
    .get('/api/products/{slug}/availability', { path: { slug }, query: { region: region || undefined } })
    .then((a) => a.data);
  answers.set(key, { at: Date.now(), answer });
  answer.catch(() => answers.delete(key));
  return answer;
}

/** Forgets the kept answers (tests). */
export function forgetAvailability(): void {
  answers.clear();
}
