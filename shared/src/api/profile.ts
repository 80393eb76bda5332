// Profile writes with typed answers (docs/api.md "Profile"). Imported by subpath
// (`@bozor/shared/api/profile`): bundled into the remote that uses it, stateless, type-only imports.
import type { Answer, ApiRequester } from './client';
import type { User } from '../schemas';

export interface ProfileInput {
  name: string | null;
  surname: string | null;
  email: string | null;
  birth_date: string | null;
  gender: 'male' | 'female' | null;
}

/** The profile calls over the page's one client (`profileApi(getApi())`). */
export function profileApi(api: ApiRequester) {
  return {
    save: async (profile: ProfileInput): Promise<User> =>
      (await api.request<Answer<'/api/profile', 'put'>>('PUT', '/api/profile', { body: profile })).user,
    uploadPhoto: async (photo: Blob): Promise<User> => {
      const form = new FormData();
      form.append('photo', photo);
      return (await api.request<Answer<'/api/profile/upload-photo', 'post'>>('POST', '/api/profile/upload-photo', { body: form })).user;
    },
  };
}
