import { useContext, useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $auth, $signInOpen, openSignIn, useHydrated, type Lang } from '@bozor/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { LanguageSwitch } from './LanguageSwitch';
import { FavouritesLink } from './FavouritesLink';
import { useAfterLoadIdle } from './afterLoad';
import { SignedInHint } from './signedInHint';

/** Header of the default layout: logo, catalogue menu, search box, language switch, cart badge with the mini-cart, sign-in. */
export function Header({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const auth = useStore($auth);
  // a server-rendered page's header is drawn from the browser's `bz_in` cookie, and the hydrating render
  // draws the same; then the shopper's own state
  const hint = useContext(SignedInHint);
  const signedIn = useHydrated() ? auth.isAuthenticated : hint;
  const base = `/${lang}`;
  // the mini-cart (the cart remote's entry and widget, ~21 KB gzip and an ~80 ms task on a slow phone)
  // is mounted after the page has loaded: no first render needs it; until then the slot is empty, as
  // it was while the remote loaded
  const cartWidget = useAfterLoadIdle();
  // Signed in from the header's "Sign in": the dialog gives the focus back to that button, which has given
  // way to "My account", so the focus would fall to the page's body; "My account", in its place, takes it.
  const dialogOpen = useStore($signInOpen);
  const openedHere = useRef(false);
  const accountLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (dialogOpen || !openedHere.current) return;
    openedHere.current = false;
    if (!signedIn) return;
    const lost = () => document.activeElement === null || document.activeElement === document.body;
    if (lost()) accountLink.current?.focus();
    // a dialog that hands the focus back after this effect (a native <dialog>'s close) is waited for once
    const later = setTimeout(() => lost() && accountLink.current?.focus(), 50);
    return () => clearTimeout(later);
  }, [dialogOpen, signedIn]);
  return (
    <header data-testid="site-header" className="bz-header">
      <Link to={base} data-testid="logo" className="bz-header__logo">
        {t('brand')}
      </Link>
      <nav aria-label={t('nav.label')} className="bz-header__nav">
        <Link to={`${base}/catalog`} data-testid="nav-catalog">{t('nav.catalog')}</Link>
        <Link to={`${base}/brands`}>{t('nav.brands')}</Link>
        <Link to={`${base}/markets`}>{t('nav.markets')}</Link>
        <Link to={`${base}/blogs`}>{t('nav.blogs')}</Link>
      </nav>
      {/* as tall as the search box it holds, so the header keeps its height when the widget arrives */}
      <div className="bz-header__search">
        <RemoteSlot remote="catalog" expose="SearchBox" props={{ basePath: base }} compact />
      </div>
      <div className="bz-header__tools">
        <LanguageSwitch current={lang} />
        <FavouritesLink base={base} />
        {cartWidget ? <RemoteSlot remote="cart" expose="MiniCart" props={{ basePath: base }} compact /> : <span aria-busy="true" />}
        {signedIn ? (
          <Link ref={accountLink} to={`${base}/account`} data-testid="account-link">{t('account')}</Link>
        ) : (
          <button
            type="button"
            className="bz-btn bz-btn--secondary"
            onClick={() => {
              openedHere.current = true;
              openSignIn();
            }}
            data-testid="sign-in"
          >
            {t('signIn')}
          </button>
        )}
      </div>
    </header>
  );
}
