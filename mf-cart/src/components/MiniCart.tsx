// Exposed as cart/MiniCart: the header's cart button with the number of pieces, opening a small cart
// panel — a dropdown on wide screens, a full-width sheet on phones. The panel is a non-modal
// disclosure: Escape or the close button shuts it and gives focus back to the button; a click
// outside, leaving it with Tab or following one of its links shuts it too.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { $cart, $cartCount, $cartTotal, Price, cartLineKey, removeFromCart, type CartItem, type RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';
import { CartStyles } from './cart/CartStyles';
import { CartIcon } from './CartIcon';
import { MiniCartLine } from './mini/MiniCartLine';
import { MiniCartStyles } from './mini/MiniCartStyles';

export const contractVersion = __CONTRACT_VERSION__;

export default function MiniCart(props: RemoteWidgetProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <CartStyles />
      <MiniCartStyles />
      <MiniCartWidget {...props} />
    </I18nextProvider>
  );
}

function MiniCartWidget({ basePath }: RemoteWidgetProps) {
  const { t } = useTranslation();
  const count = useStore($cartCount);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  /** Closes the panel; `refocus` gives focus back to the button (Escape, the close button). */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // A new page (a link in the panel, the back button) closes it.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={root}
      className="bzk-mini"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        // Tab out of the last link (or Shift+Tab out of the button) leaves the widget: shut the panel.
        if (open && e.relatedTarget instanceof Node && !root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="bzk-badge"
        data-testid="cart-badge"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('badge', { count })}
        onClick={() => setOpen((o) => !o)}
      >
        <CartIcon />
        <span data-testid="cart-count">{count}</span>
      </button>
      {open ? <MiniCartPanel id={panelId} basePath={basePath} onClose={close} /> : null}
    </div>
  );
}

function MiniCartPanel({ id, basePath, onClose }: { id: string; basePath: string; onClose: (refocus: boolean) => void }) {
  const { t } = useTranslation();
  const items = useStore($cart);
  const total = useStore($cartTotal);
  const count = useStore($cartCount);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Focus goes into the panel when it opens, so the keyboard continues there.
  useEffect(() => panel.current?.focus(), []);

  /** Removing a line takes its button away: focus stays in the panel instead of falling to <body>. */
  const remove = (item: CartItem) => {
    removeFromCart(item);
    panel.current?.focus();
  };

  return (
    <div ref={panel} id={id} className="bzk-mini__panel" role="dialog" aria-labelledby={titleId} tabIndex={-1} data-testid="mini-cart">
      <div className="bzk-mini__head">
        <h2 id={titleId}>
          {t('title')} {count > 0 ? <span className="bzk-muted">({t('items', { count })})</span> : null}
        </h2>
        <button type="button" className="bz-btn bz-btn--ghost" aria-label={t('mini.close')} data-testid="mini-cart-close" onClick={() => onClose(true)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {items.length === 0 ? (
        <div className="bzk-mini__empty">
          <p data-testid="mini-cart-empty">{t('common:empty.cart')}</p>
          <Link className="bz-btn bz-btn--secondary" to={`${basePath}/catalog`} onClick={() => onClose(false)}>
            {t('toCatalog')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="bzk-mini__lines" aria-label={t('mini.lines')}>
            {items.map((item) => (
              <MiniCartLine key={cartLineKey(item)} item={item} basePath={basePath} onNavigate={() => onClose(false)} onRemove={remove} />
            ))}
          </ul>
          <p className="bzk-summary__row">
            <span>{t('total')}</span>
            <strong data-testid="mini-cart-total">
              <Price amount={total} />
            </strong>
          </p>
          <div className="bzk-mini__actions">
            <Link className="bz-btn bz-btn--secondary" to={`${basePath}/cart`} data-testid="mini-cart-to-cart" onClick={() => onClose(false)}>
              {t('mini.toCart')}
            </Link>
            <Link className="bz-btn" to={`${basePath}/checkout`} data-testid="mini-cart-checkout" onClick={() => onClose(false)}>
              {t('mini.checkout')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
