import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGS, switchLangPath, type Lang } from '@bozor/shared';
import { i18n } from '../i18n';

/** uz / ru / en: the same page in another language (the rest of the path and the query are kept). */
export function LanguageSwitch({ current }: { current: Lang }) {
  const { t } = useTranslation('shell', { i18n });
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <nav aria-label={t('language')} data-testid="language-switch" style={{ display: 'flex', gap: 4 }}>
      {LANGS.map((lang) => (
        <a
          key={lang}
          href={switchLangPath(location.pathname + location.search, lang)}
          hrefLang={lang}
          lang={lang}
          aria-current={lang === current ? 'true' : undefined}
          data-testid={`lang-${lang}`}
          style={{ fontWeight: lang === current ? 700 : 400, padding: '8px 4px' }}
          onClick={(e) => {
            e.preventDefault();
            void navigate(switchLangPath(location.pathname + location.search, lang));
          }}
          title={t(`common:languageName.${lang}`)}
        >
          {lang.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}
