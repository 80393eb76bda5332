import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $favouritesCount, useHydrated } from '@bozor/shared';

/** The header's heart: a link to the favourites page with their count (a server-rendered page shows none until it hydrates). */
export function FavouritesLink({ base }: { base: string }) {
  const { t } = useTranslation();
  const stored = useStore($favouritesCount);
  const count = useHydrated() ? stored : 0;
  return (
    <Link to={`${base}/favourites`} className="bz-favlink" data-testid="favourites-link" aria-label={count > 0 ? t('favourites.labelCount', { count }) : t('favourites.label')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
          fill={count > 0 ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="bz-favlink__text">{t('favourites.label')}</span>
      {count > 0 ? (
        <span className="bz-favlink__count" data-testid="favourites-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
