import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lang } from '@bozor/shared';

const INFO = ['about', 'contacts', 'delivery', 'how-to-buy', 'return', 'public-offer'] as const;

/** The same contacts as the Contacts page (api/src/seed/catalog/pages.ts), tappable on a phone. */
const PHONE = { href: 'tel:+998712000000', text: '+998 71 200 00 00' };
const TELEGRAM = { href: 'https://t.me/bozor_uz', text: '@bozor_uz' };

/** Footer of the default layout: information pages, stores, contacts. */
export function Footer({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <footer data-testid="site-footer" style={{ borderTop: '1px solid var(--bz-border)', padding: 16, marginTop: 32, background: 'var(--bz-surface-alt)' }}>
      <nav aria-label={t('footer.info')}>
        <ul style={{ listStyle: 'none', padding: 0, display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {INFO.map((page) => (
            <li key={page}>
              <Link to={`/${lang}/${page}`}>{t(`footer.${page}`)}</Link>
            </li>
          ))}
          <li>
            <Link to={`/${lang}/markets`}>{t('footer.stores')}</Link>
          </li>
        </ul>
      </nav>
      <p data-testid="footer-contacts">
        {t('footer.support')} <a href={PHONE.href}>{PHONE.text}</a> · Telegram <a href={TELEGRAM.href}>{TELEGRAM.text}</a>
      </p>
      <p>{t('footer.rights')}</p>
    </footer>
  );
}
