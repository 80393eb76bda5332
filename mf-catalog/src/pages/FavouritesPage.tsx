import { useStore } from '@nanostores/react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $auth, $favourites, openSignIn, useFocusOnSignIn, useHydrated } from '@bozor/shared';
import { useCards } from '../hooks/useCards';
import { ErrorState } from '../components/common/ErrorState';
import { Skeleton } from '../components/common/Skeleton';
import { ProductGrid } from '../components/product/ProductCardView';

/**
 * The favourites page: the hearted products as cards (un-hearting one takes it off the page), an empty
 * state with a way to the catalogue, and for a guest a word that signing in keeps the list. The list is
 * the browser's or the account's, which only the browser knows: the server renders the loading state.
 */
export function FavouritesPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const ids = useStore($favourites);
  const signedIn = useStore($auth).isAuthenticated;
  // signing in from the guest's hint removes the hint's button; un-hearting a card removes the card
  const heading = useFocusOnSignIn<HTMLHeadingElement>();
  useKeepFocusOnRemoval(ids.length, heading);
  return (
    <section className="bzc-page" data-testid="catalog-page-favourites">
      <h1 ref={heading} tabIndex={-1}>{t('favourites.title')}</h1>
      {!hydrated ? (
        <FavouritesSkeleton />
      ) : ids.length === 0 ? (
        <FavouritesEmpty basePath={basePath} />
      ) : (
        <>
          {!signedIn ? (
            <div className="bzc-favhint" data-testid="favourites-guest">
              <p>{t('favourites.guestHint')}</p>
              <button type="button" className="bz-btn bz-btn--secondary" onClick={openSignIn}>
                {t('favourites.signIn')}
              </button>
            </div>
          ) : null}
          <FavouriteCards ids={ids} basePath={basePath} />
        </>
      )}
    </section>
  );
}

/**
 * Un-hearting a product on this page takes its card away, with the heart button that had the focus: the
 * focus would fall to the page's body (a keyboard user starts again from the top, a screen reader says
 * nothing). It goes to the page's heading instead; the count below it says how many are left.
 */
function useKeepFocusOnRemoval(count: number, heading: RefObject<HTMLHeadingElement | null>) {
  const last = useRef(count);
  useEffect(() => {
    const removed = count < last.current;
    last.current = count;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (removed && lost) heading.current?.focus();
  }, [count, heading]);
}

function FavouriteCards({ ids, basePath }: { ids: number[]; basePath: string }) {
  const { t } = useTranslation();
  const { cards, loading, error, gone } = useCards(ids);
  if (error) return <ErrorState />;
  // every one of them is gone from the shop
  if (!loading && cards.length === 0) return <FavouritesEmpty basePath={basePath} gone />;
  return (
    <>
      <p className="bzc-muted" data-testid="favourites-total" aria-live="polite">
        {loading ? '' : t('favourites.count', { count: cards.length })}
      </p>
      {cards.length > 0 ? <ProductGrid products={cards} basePath={basePath} eagerCount={2} /> : null}
      {loading ? <FavouritesSkeleton /> : null}
      {!loading && gone > 0 ? <p className="bzc-muted">{t('favourites.gone')}</p> : null}
    </>
  );
}

function FavouritesEmpty({ basePath, gone = false }: { basePath: string; gone?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="bzc-favempty" data-testid="favourites-empty">
      <p className="bzc-favempty__title">{t('favourites.empty')}</p>
      <p className="bzc-muted">{t(gone ? 'favourites.gone' : 'favourites.emptyHint')}</p>
      <Link className="bz-btn" to={`${basePath}/catalog`}>
        {t('favourites.toCatalog')}
      </Link>
    </div>
  );
}

function FavouritesSkeleton() {
  return (
    <div className="bzc-grid" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={300} />
      ))}
    </div>
  );
}
