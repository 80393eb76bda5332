// uz / ru / en as tabs (arrow keys move between them, as the WAI-ARIA tabs pattern says); a language
// with something missing carries a flag, so a missing translation is seen without opening its tab.
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@bozor/shared';

export interface LangTabsProps {
  lang: Lang;
  onLang: (lang: Lang) => void;
  /** Languages flagged "missing". */
  missing: readonly Lang[];
  /** Languages with an error in their fields. */
  invalid?: readonly Lang[];
  /** All three panels stay in the page (hidden but one), so the form keeps every value. */
  children: (lang: Lang) => ReactNode;
  label: string;
  /** Prefix of the tabs' test ids ("lang" → lang-tab-uz, lang-missing-uz). */
  testId?: string;
}

export function LangTabs({ lang, onLang, missing, invalid = [], children, label, testId = 'lang' }: LangTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const refs = useRef<Partial<Record<Lang, HTMLButtonElement | null>>>({});
  const move = (to: Lang) => {
    onLang(to);
    refs.current[to]?.focus();
  };
  return (
    <div className="adm-langtabs">
      <div role="tablist" aria-label={label} className="adm-tabs adm-tabs--buttons">
        {LANGS.map((l, i) => (
          <button
            key={l}
            ref={(el) => {
              refs.current[l] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${l}`}
            aria-selected={lang === l}
            aria-controls={`${id}-panel-${l}`}
            tabIndex={lang === l ? 0 : -1}
            data-testid={`${testId}-tab-${l}`}
            onClick={() => onLang(l)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(LANGS[(i + 1) % LANGS.length]!);
              else if (e.key === 'ArrowLeft') move(LANGS[(i + LANGS.length - 1) % LANGS.length]!);
              else if (e.key === 'Home') move(LANGS[0]);
              else if (e.key === 'End') move(LANGS[LANGS.length - 1]!);
              else return;
              e.preventDefault();
            }}
          >
            {t(`common:languageName.${l}`)}
            {invalid.includes(l) ? (
              <span className="adm-badge" data-testid={`${testId}-invalid-${l}`}>
                !
              </span>
            ) : missing.includes(l) ? (
              <span className="adm-badge adm-badge--warn" data-testid={`${testId}-missing-${l}`}>
                {t('products.missing')}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {LANGS.map((l) => (
        <div key={l} role="tabpanel" id={`${id}-panel-${l}`} aria-labelledby={`${id}-tab-${l}`} hidden={lang !== l} lang={l}>
          {children(l)}
        </div>
      ))}
    </div>
  );
}
