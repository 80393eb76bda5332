// Saved cards (docs/api.md "Saved cards"). Imported by subpath (`@bozor/shared/api/payments`): bundled
// into the remote that uses it, stateless, type-only imports (see orders.ts).
import type { Answer, ApiCalls } from './client';

/** A verified card of the caller; its number masked by the server (860006******6311), its type ("Uzcard", "Humo") null when the provider does not say. */
export type SavedCard = Answer<'/api/payments/cards', 'get'>['data'][number];

/** Where the bank sent the card's code (masked phone) and how long before another may be asked for. */
export type CardCodeSent = Answer<'/api/payments/card/resend', 'post'>;

/** The card calls over the page's one client (`paymentsApi(getApi())`). */
export function paymentsApi(api: ApiCalls) {
  return {
    /** Verified cards of the caller. */
    cards: async (): Promise<SavedCard[]> => (await api.get('/api/payments/cards')).data,
    /** Sends the number once to the provider, which texts a code to the card's phone. */
    createCard: (number: string, expire: string): Promise<CardCodeSent & { card: SavedCard }> =>
      api.post('/api/payments/card/create', { body: { number, expire } }),
    resendCardCode: (cardId: number): Promise<CardCodeSent> => api.post('/api/payments/card/resend', { body: { card_id: cardId } }),
    confirmCard: async (cardId: number, code: string): Promise<SavedCard> =>
      (await api.post('/api/payments/card/confirm', { body: { card_id: cardId, code } })).card,
    removeCard: (id: number): Promise<{ removed: boolean }> => api.delete('/api/payments/cards/{id}', { path: { id } }),
  };
}
