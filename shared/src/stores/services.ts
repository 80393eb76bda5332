// The API client the shell built for this page. Remotes and store actions take it from here, so a
// remote never constructs its own client with different headers.
import { atom } from 'nanostores';
import type { ApiClient } from '../api/client';

export const $api = atom<ApiClient | null>(null);

/** The page's API client; throws when the shell has not set it up (a bug, not a user error). */
export function getApi(): ApiClient {
  const api = $api.get();
  if (!api) throw new Error('API client not set: the shell calls setApi() at start-up');
  return api;
}

export function setApi(api: ApiClient) {
  $api.set(api);
}
