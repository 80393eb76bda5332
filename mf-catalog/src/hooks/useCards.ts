import { startTransition, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $accountType, $language, getApi } from '@bozor/shared';
import type { ProductCard } from '../api/types';

/** At most this many ids go in one request (the API's limit). */
const MAX_IDS = 100;

interface Known {
  /** language and price list the cards were loaded in */
  tag: string;
  /** id → its card, or null when the API left it out (gone, hidden) */
  cards: Map<number, ProductCard | null>;
}

/**
 * The cards of `ids`, in that order, from GET /api/products/cards. Only ids not loaded yet are asked
 * for, so removing one (un-hearting it on the favourites page) asks nothing; products the API leaves
 * out (gone, hidden) are not shown and not asked for again. A new language or price list loads afresh.
 */
export function useCards(ids: number[]): { cards: ProductCard[]; loading: boolean; error: Error | null; gone: number } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const tag = `${lang}|${account}`;
  const [known, setKnown] = useState<Known>({ tag, cards: new Map() });
  const [error, setError] = useState<{ key: string; error: Error } | null>(null);
  const have = known.tag === tag ? known.cards : new Map<number, ProductCard | null>();
  const missing = ids.filter((id) => !have.has(id)).slice(0, MAX_IDS);
  const key = missing.length > 0 ? `${tag}|${missing.join(',')}` : '';

  useEffect(() => {
    if (!key) return;
    // what the key names: "lang|account|3,1,2"
    const cut = key.lastIndexOf('|');
    const asked = key.slice(cut + 1).split(',').map(Number);
    const loadedFor = key.slice(0, cut);
    let current = true;
    getApi()
      .get('/api/products/cards', { query: { ids: asked.join(',') } })
      .then(
        (answer) =>
          current &&
          startTransition(() =>
            setKnown((prev) => {
              const cards = new Map(prev.tag === loadedFor ? prev.cards : []);
              for (const id of asked) cards.set(id, null);
              for (const card of answer.data) cards.set(card.id, card);
              return { tag: loadedFor, cards };
            }),
          ),
        (err: unknown) => current && setError({ key, error: err instanceof Error ? err : new Error(String(err)) }),
      );
    return () => {
      current = false;
    };
  }, [key]);

  const failed = error && error.key === key ? error.error : null;
  const cards = ids.flatMap((id) => have.get(id) ?? []);
  return { cards, loading: key !== '' && !failed, error: failed, gone: ids.filter((id) => have.get(id) === null).length };
}
