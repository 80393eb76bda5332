// Saved cards (docs/api.md "Saved cards"). Imported by subpath (`@bozor/shared/api/payments`): bundled
// into the remote that uses it, stateless, type-only imports (see orders.ts).
import type { Answer, ApiRequester } from './client';

export interface SavedCard {
  id: number;
  /** Masked by the server: 860006******6311. */
  number: string;
  expire: string;
  /** "Uzcard", "Humo"…; null when the provider does not say. */
  type?: string | null;
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
    cards: async (): Promise<SavedCard[]> => (await api.request<Answer<'/api/payments/cards', 'get'>>('GET', '/api/payments/cards')).data,
    /** Sends the number once to the provider, which texts a code to the card's phone. */
    createCard: (number: string, expire: string): Promise<CardCodeSent & { card: SavedCard }> =>
      api.request<Answer<'/api/payments/card/create', 'post'>>('POST', '/api/payments/card/create', { body: { number, expire } }),
    resendCardCode: (cardId: number): Promise<CardCodeSent> =>
      api.request<Answer<'/api/payments/card/resend', 'post'>>('POST', '/api/payments/card/resend', { body: { card_id: cardId } }),
    confirmCard: async (cardId: number, code: string): Promise<SavedCard> =>
      (await api.request<Answer<'/api/payments/card/confirm', 'post'>>('POST', '/api/payments/card/confirm', { body: { card_id: cardId, code } })).card,
    removeCard: (id: number): Promise<{ removed: boolean }> => api.request<Answer<'/api/payments/cards/{id}', 'delete'>>('DELETE', `/api/payments/cards/${id}`),
  };
}
