// The language part of routing: "/" goes to the cookie's language, else uz; the cookie lasts 365 days.
import { DEFAULT_LANG, isLang, type Lang } from '@bozor/shared';

export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The language stored in a Cookie header / document.cookie string, if it is one of ours. */
export function langFromCookie(cookie: string): Lang | null {
  for (const part of cookie.split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === LANG_COOKIE && isLang(v)) return v;
  }
  return null;
}

/** Where "/" sends the visitor. */
export function rootRedirectTarget(cookie: string): string {
  return `/${langFromCookie(cookie) ?? DEFAULT_LANG}`;
}

/** Remembers the language for 365 days. */
export function rememberLang(lang: Lang, doc: Pick<Document, 'cookie'> = document) {
  doc.cookie = `${LANG_COOKIE}=${lang}; Max-Age=${LANG_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}
