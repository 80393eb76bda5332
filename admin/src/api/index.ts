// The page's one API client: the session's token, the chosen language, a 401 ends the session.
import { $language } from '@bozor/shared';
import { $token, endSession } from '../auth/session';
import { createAdminApi } from './client';

export const api = createAdminApi({ getToken: () => $token.get(), getLang: () => $language.get(), onUnauthorized: endSession });
