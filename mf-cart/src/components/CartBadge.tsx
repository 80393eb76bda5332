// Exposed as cart/CartBadge: a plain link to the cart with the number of pieces in it. The shell's
// header mounts cart/MiniCart (the same badge opening a small cart panel); this stays for hosts that
// want only the link.
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $cartCount, type RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';
import { CartStyles } from './cart/CartStyles';
import { CartIcon } from './CartIcon';

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
      <CartIcon />
      <span data-testid="cart-count">{count}</span>
    </Link>
  );
}
