import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ToastViewport, type Lang } from '@bozor/shared';
import { Header } from './Header';
import { Footer } from './Footer';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="bz-skip" style={{ position: 'absolute', left: -9999 }} onFocus={(e) => (e.currentTarget.style.left = '8px')} onBlur={(e) => (e.currentTarget.style.left = '-9999px')}>
      {t('skip')}
    </a>
  );
}

/** The default layout: header, page, footer. */
export function DefaultLayout({ lang, children }: { lang: Lang; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <Header lang={lang} />
      <main id="main" data-layout="default">{children}</main>
      <Footer lang={lang} />
      <ToastViewport closeLabel={t('common:close')} />
    </>
  );
}

/** The checkout layout (checkout, checkout/payment): logo and a way back only — no distractions. */
export function CheckoutLayout({ lang, children }: { lang: Lang; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <header data-testid="checkout-header" style={{ padding: '8px 16px', display: 'flex', gap: 16, alignItems: 'center', borderBottom: '1px solid var(--bz-border)' }}>
        <Link to={`/${lang}`} style={{ fontWeight: 800, fontSize: 22, textDecoration: 'none' }}>
          {t('brand')}
        </Link>
        <Link to={`/${lang}/cart`}>{t('checkout.back')}</Link>
        <span style={{ marginLeft: 'auto', color: 'var(--bz-muted)' }}>{t('checkout.secure')}</span>
      </header>
      <main id="main" data-layout="checkout">{children}</main>
      <ToastViewport closeLabel={t('common:close')} />
    </>
  );
}
