import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $favourites, ApiError, MAX_FAVOURITES, showToast, toggleFavourite, useHydrated } from '@bozor/shared';

/**
 * The heart of a product card and of the product page: a real toggle button (aria-pressed) whose name
 * says what pressing it does. The list is the shell's (a guest's in the browser, a signed-in
 * shopper's in the account); a server-rendered page shows every heart empty until it hydrates.
 */
export function FavouriteButton({ productId, name, variant = 'card' }: { productId: number; name: string; variant?: 'card' | 'page' }) {
  const { t } = useTranslation();
  const ids = useStore($favourites);
  const on = useHydrated() && ids.includes(productId);
  return (
    <button
      type="button"
      className={`bzc-fav bzc-fav--${variant}`}
      data-testid="favourite-toggle"
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { name })}
      onClick={() => {
        toggleFavourite(productId).catch((err: unknown) => {
          showToast(err instanceof ApiError && err.status === 422 ? t('favourites.full', { max: MAX_FAVOURITES }) : t('favourites.failed'), 'error');
        });
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
