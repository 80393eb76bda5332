// Saved cards (docs/api.md "Saved cards"). Imported by subpath (`@bozor/shared/api/payments`): bundled
// into the remote that uses it, stateless, type-only imports (see orders.ts).
import type { ApiRequester } from './client';

export interface SavedCard {
  id: number;
  /** Masked by the server: 860006******6311. */
  number: string;
  expire: string;
  type?: string;
  verified: boolean;
}

/** Where the bank sent the card's code (masked phone) and how long before another may be asked for. */
export interface CardCodeSent {
  phone: string;
  wait: number;
}

/** The card calls over the page's one client (`paymentsApi(getApi())`). */
export function paymentsApi(api: ApiRequester) {
  return {
    /** Verified cards of the caller. */
    cards: async (): Promise<SavedCard[]> => (await api.request<{ data: SavedCard[] }>('GET', '/api/payments/cards')).data,
    /** Sends the number once to the provider, which texts a code to the card's phone. */
    createCard: (number: string, expire: string) =>
      api.request<CardCodeSent & { card: SavedCard }>('POST', '/api/payments/card/create', { body: { number, expire } }),
    resendCardCode: (cardId: number) => api.request<CardCodeSent>('POST', '/api/payments/card/resend', { body: { card_id: cardId } }),
    confirmCard: async (cardId: number, code: string): Promise<SavedCard> =>
      (await api.request<{ card: SavedCard }>('POST', '/api/payments/card/confirm', { body: { card_id: cardId, code } })).card,
    removeCard: (id: number) => api.request<{ removed: boolean }>('DELETE', `/api/payments/cards/${id}`),
  };
}
