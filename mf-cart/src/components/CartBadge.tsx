// Exposed as cart/CartBadge: the header's link to the cart with the number of pieces in it.
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $cartCount, type RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';
import { CartStyles } from './cart/CartStyles';

export const contractVersion = __CONTRACT_VERSION__;

export default function CartBadge(props: RemoteWidgetProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <CartStyles />
      <Badge {...props} />
    </I18nextProvider>
  );
}

function Badge({ basePath }: RemoteWidgetProps) {
  const { t } = useTranslation();
  const count = useStore($cartCount);
  return (
    <Link to={`${basePath}/cart`} className="bzk-badge" data-testid="cart-badge" aria-label={t('badge', { count })}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      <span data-testid="cart-count">{count}</span>
    </Link>
  );
}
