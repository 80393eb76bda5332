import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $cart, Button, type CartItem, RemoteInfo, cartLineKey, clearCart, replaceCart, useAfterNextRender, useHydrated } from '@bozor/shared';
import { toCartItem } from '@bozor/shared/api/cart';
import { CartChanges } from '../components/cart/CartChanges';
import { CartLine } from '../components/cart/CartLine';
import { CartSummary } from '../components/cart/CartSummary';
import { useCartCheck } from '../hooks/useCartCheck';
import { useDeliveryTerms } from '../hooks/useDeliveryTerms';
import { peekCartSeed } from '../serverData';

/** Where the focus goes once the page shows what the shopper did here: a line (by its place) or "Undo". */
type FocusTarget = number | 'undo';

/**
 * The cart: checked lines, totals, delivery text, the way to checkout; an empty state when there is nothing.
 * Rendered on the server from the server's check of the cart's cookie mirror (src/serverData.ts); without
 * one, the server and the hydrating render show the page's frame, and the browser fills it.
 */
export function CartPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const stored = useStore($cart);
  const hydrated = useHydrated();
  const [seed] = useState(() => peekCartSeed($cart.get()));
  const check = useCartCheck(seed);
  // the shell loads the delivery settings after the page's load event, maybe before this part is taken
  // over: until then the page shows what the server had, none
  const terms = useDeliveryTerms();
  const delivery = hydrated ? terms : null;
  // until the page is up, the lines are the server's (the store takes them right after)
  const items = !hydrated && seed ? seed.data.map(toCartItem) : stored;
  const total = items.reduce((n, i) => n + i.price * i.quantity, 0);
  const count = items.reduce((n, i) => n + i.quantity, 0);
  // What "Clear the cart" took away, until the shopper undoes it or leaves the page.
  const [cleared, setCleared] = useState<CartItem[] | null>(null);

  // Remove, "−" at 1, Clear and Undo take away the very button that was pressed, which would drop the
  // keyboard focus to the page's start; it goes where the shopper carries on instead. Only for what is done
  // here: lines that change from elsewhere (another tab, the mini-cart) leave the focus alone.
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = useRef<HTMLUListElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const moveFocus = useAfterNextRender(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target === null) return;
    const undoNow = undoButton.current;
    if (target === 'undo' && undoNow) {
      undoNow.focus();
      // on a phone the cart may have been cleared at the bottom of a long list, with the notice now far above
      // the screen: bring it into the middle of the view (jsdom, in the tests, has no scrolling)
      undoNow.scrollIntoView?.({ block: 'center' });
      return;
    }
    // the line now in the removed one's place (the next), else the one before it; the heading when none is left
    const rows = Array.from(lines.current?.querySelectorAll<HTMLElement>('[data-testid="cart-line"]') ?? []);
    const row = target === 'undo' ? undefined : rows[Math.min(target, rows.length - 1)];
    (row?.querySelector<HTMLElement>('a[href], button') ?? heading.current)?.focus();
  });
  const focusAfterward = (target: FocusTarget) => {
    focusTarget.current = target;
    moveFocus();
  };

  const clear = () => {
    setCleared(items);
    clearCart();
    focusAfterward('undo');
  };
  const undo = () => {
    if (cleared) replaceCart(cleared);
    setCleared(null);
    focusAfterward(0);
  };
  if (!hydrated && !seed) {
    return (
      <section data-testid="cart-page" className="bzk-page">
        <h1>{t('title')}</h1>
        <p className="bzk-muted" aria-busy="true">
          {t('checking')}
        </p>
      </section>
    );
  }
  return (
    <section data-testid="cart-page" className="bzk-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('title')}
      </h1>
      {check.checking ? (
        <div aria-busy="true" data-testid="cart-checking">
          <p className="bzk-muted">{t('checking')}</p>
          {items.map((i) => (
            <div key={cartLineKey(i)} className="bzk-skeleton" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="bzk-empty">
          {cleared ? (
            <p className="bzk-notice" role="status" data-testid="cart-cleared">
              {t('cleared')}{' '}
              <Button ref={undoButton} variant="secondary" onClick={undo} data-testid="cart-undo-clear">
                {t('undoClear')}
              </Button>
            </p>
          ) : null}
          <CartChanges changes={check.changes} />
          <p data-testid="cart-empty">{t('common:empty.cart')}</p>
          <Link className="bz-btn" to={`${basePath}/catalog`}>
            {t('toCatalog')}
          </Link>
        </div>
      ) : (
        <>
          <CartChanges changes={check.changes} />
          {check.failed ? (
            <p className="bzk-muted" role="status">
              {t('checkFailed')}
            </p>
          ) : null}
          <div className="bzk-layout">
            <div>
              <ul ref={lines} className="bzk-lines">
                {items.map((item, index) => (
                  <CartLine
                    key={cartLineKey(item)}
                    item={item}
                    basePath={basePath}
                    max={check.stock.get(cartLineKey(item))}
                    perOrder={check.perOrder.has(cartLineKey(item))}
                    onRemoved={() => focusAfterward(index)}
                  />
                ))}
              </ul>
              <Button variant="secondary" data-testid="cart-clear" onClick={clear} style={{ marginTop: 12 }}>
                {t('clear')}
              </Button>
            </div>
            <CartSummary total={total} count={count} delivery={delivery} basePath={basePath} />
          </div>
        </>
      )}
      <div>
        <RemoteInfo name={__REMOTE_NAME__} version={__REMOTE_VERSION__} publicPath={() => (typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '')} />
      </div>
    </section>
  );
}
