// Profile calls with typed answers (docs/api.md "Profile"; the stock alerts of "Notify me when in stock"). Imported by subpath
// (`@bozor/shared/api/profile`): bundled into the remote that uses it, stateless, type-only imports.
import type { Answer, ApiCalls, Body } from './client';
import type { User } from '../schemas';

/** What a Save of the profile sends (PUT /api/profile): the route keeps no blank name, so `name` is a text or absent. */
export type ProfileInput = Body<'/api/profile', 'put'>;

/** A variant the shopper waits for ("Notify me when in stock"), not texted yet. */
export type StockAlert = Answer<'/api/profile/stock-alerts', 'get'>['data'][number];

/** The profile calls over the page's one client (`profileApi(getApi())`). */
export function profileApi(api: ApiCalls) {
  return {
    save: async (profile: ProfileInput): Promise<User> => (await api.put('/api/profile', { body: profile })).user,
    uploadPhoto: async (photo: Blob): Promise<User> => {
      const form = new FormData();
      form.append('photo', photo);
      return (await api.post('/api/profile/upload-photo', { body: form })).user;
    },
    /** The variants the shopper waits for, newest first (docs/api.md "Notify me when in stock"). */
    stockAlerts: async (): Promise<StockAlert[]> => (await api.get('/api/profile/stock-alerts')).data,
    /** Waits for the variant to be back in stock (one SMS then); answers the same when already waiting. */
    addStockAlert: async (variantId: number): Promise<StockAlert> => (await api.post('/api/profile/stock-alerts', { body: { variant_id: variantId } })).data,
    /** Stops waiting for the variant; answers the same when there was nothing to stop. */
    cancelStockAlert: (variantId: number) => api.delete('/api/profile/stock-alerts', { query: { variant_id: variantId } }),
  };
}
