// i18next set-up shared by the shell and the remotes. The library is an MF singleton, but each part
// makes its own instance (namespace = its name) that follows the shell's language atom.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { $language } from '../stores/app';
import { LANGS, DEFAULT_LANG, type Lang } from '../langs';
import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

export const commonStrings: Record<Lang, Record<string, unknown>> = { uz, ru, en };

/**
 * Creates an i18next instance for one namespace, with the common strings under 'common'. It starts in
 * the current language and switches whenever the shell's $language atom changes.
 */
export function createI18n(namespace: string, strings: Record<Lang, Record<string, unknown>>): I18n {
  const resources: Resource = {};
  for (const lang of LANGS) resources[lang] = { [namespace]: strings[lang], common: commonStrings[lang] };
  const instance = i18next.createInstance();
  void instance.init({
    lng: $language.get(),
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    ns: [namespace, 'common'],
    defaultNS: namespace,
    fallbackNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  } as Parameters<I18n['init']>[0]);
  $language.subscribe((lang) => {
    if (instance.language !== lang) void instance.changeLanguage(lang);
  });
  return instance;
}

/** True when the string is one of the shop's languages. */
export function isLang(value: string | undefined | null): value is Lang {
  return value !== undefined && value !== null && (LANGS as readonly string[]).includes(value);
}
