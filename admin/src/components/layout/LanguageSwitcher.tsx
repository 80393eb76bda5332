import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, LANGS } from '@bozor/shared';
import { chooseLanguage } from '../../i18n';

/** uz / ru / en as three toggle buttons; the choice is remembered in this browser. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useStore($language);
  return (
    <div className="adm-lang" role="group" aria-label={t('layout.language')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          className="bz-btn bz-btn--secondary"
          lang={lang}
          aria-pressed={lang === current}
          title={t(`common:languageName.${lang}`)}
          onClick={() => chooseLanguage(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
