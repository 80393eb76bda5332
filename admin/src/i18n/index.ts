// The back office's strings (namespace "admin", plus the shop's common ones) and the staff member's
// language: chosen in the header, remembered in localStorage, Uzbek (Latin) until chosen.
import { $language, createI18n, isLang, setLanguage, type Lang } from '@bozor/shared';
import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

export const LANG_KEY = 'bozor-admin-lang';

/** Sets the language from the staff member's last choice (before the first render). */
export function restoreLanguage() {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LANG_KEY);
  } catch {
    // no storage: Uzbek
  }
  setLanguage(isLang(saved) ? saved : 'uz');
}

/** Switches the language and remembers it. */
export function chooseLanguage(lang: Lang) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // remembered for this page only
  }
  setLanguage(lang);
}

export const i18n = createI18n('admin', { uz, ru, en });

// the page's language for screen readers and hyphenation
$language.subscribe((lang) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
});
