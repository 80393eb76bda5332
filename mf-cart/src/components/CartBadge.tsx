// Exposed as cart/CartBadge: the header's link to the cart with the number of pieces in it.
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $cartCount, type RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';

export const contractVersion = __CONTRACT_VERSION__;

export default function CartBadge(props: RemoteWidgetProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Badge {...props} />
    </I18nextProvider>
  );
}

function Badge({ basePath }: RemoteWidgetProps) {
  const { t } = useTranslation();
  const count = useStore($cartCount);
  return (
    <Link to={`${basePath}/cart`} data-testid="cart-badge" aria-label={t('badge', { count })}>
      🛒 <span data-testid="cart-count">{count}</span>
    </Link>
  );
}
