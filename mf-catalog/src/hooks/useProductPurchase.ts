import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $cart, addToCart, cartLineKey, setOneClickBuyItem, showToast, useHydrated, type CartItem } from '@bozor/shared';
import type { ProductDetail, Variant } from '../api/types';
import { pictureOf, pictureOption, variantWith } from '../components/product/productChoice';

/**
 * The picture of the variant being bought: its own picture when the gallery has one for it, else the
 * product's. The product's first picture may show another colour (a silver microwave for the black one).
 */
export function variantPicture(product: ProductDetail, variant: Variant | undefined): string | null {
  const index = variant ? pictureOf(variant, product.images, product.variants) : -1;
  return product.images[index]?.url ?? product.img_url;
}

/** The cart line for a product in a chosen variant (the variant travels in attributes for the server). */
export function cartItemFor(product: ProductDetail, variant: Variant | undefined, quantity: number): CartItem {
  return {
    product_id: product.id,
    name: product.name,
    img_url: variantPicture(product, variant),
    quantity,
    price: variant?.price ?? product.price,
    slug: product.slug,
    attributes: variant ? { variant_id: variant.id, sku: variant.sku, options: variant.options } : undefined,
    mxit: product.mxit,
    mxit_unit: product.mxit_unit,
    weight: product.weight,
  };
}

/**
 * The most one order may hold of the variant (of the product, when it has none): the API's
 * `max_quantity` (its stock, within the per-order limit), else the stock.
 */
export function orderLimit(product: ProductDetail, variant: Variant | undefined): number {
  const stock = variant?.total_quanity ?? product.total_quanity;
  return Math.max(0, Math.min(stock, variant?.max_quantity ?? stock));
}

/** How many of `item`'s line the cart holds already (as the cart keys lines). */
const heldOf = (item: CartItem, cart: readonly CartItem[]): number =>
  cart.filter((line) => cartLineKey(line) === cartLineKey(item)).reduce((n, line) => n + line.quantity, 0);

/** How many of the variant the cart holds already (its line, as the cart keys lines). */
export function heldInCart(product: ProductDetail, variant: Variant | undefined, cart: readonly CartItem[]): number {
  return heldOf(cartItemFor(product, variant, 0), cart);
}

/**
 * Adds `item` to the cart, at most as many as `limit` (the most one order may take of it) less what the
 * cart holds, and says which: "Added to the cart", or — when the cart already holds the most — that it
 * does, and nothing is added. The cart would cut a bigger quantity later, after the badge and the
 * toast had promised it. Returns whether anything was added.
 */
export function addLineWithinLimit(item: CartItem, limit: number, t: TFunction): boolean {
  const held = heldOf(item, $cart.get());
  const room = limit - held;
  if (room <= 0) {
    showToast(t('product.cartFull', { count: held }), 'error');
    return false;
  }
  addToCart({ ...item, quantity: Math.min(item.quantity, room) });
  showToast(t('product.added'), 'success');
  return true;
}

/** `addLineWithinLimit` for `quantity` of a product page's variant, within its `orderLimit`. */
export function addWithinLimit(product: ProductDetail, variant: Variant | undefined, quantity: number, t: TFunction): boolean {
  return addLineWithinLimit(cartItemFor(product, variant, quantity), orderLimit(product, variant), t);
}

/** The address's parameter that keeps the chosen variant (`?variant=51`): a reload or a shared link shows it. */
export const VARIANT_PARAM = 'variant';

/** The variant a product opens on: the one the address names, else the API's choice (cheapest in stock), else the first. */
export const initialVariant = (product: ProductDetail, named: string | null = null): Variant | undefined =>
  product.variants.find((v) => named !== null && String(v.id) === named) ?? product.variants.find((v) => v.id === product.selected_variant_id) ?? product.variants[0];

/**
 * The product page's choice — variant, picture, quantity — and its two purchases. One state for the
 * gallery, the buy box and the sticky bar: choosing "black" shows the black picture, a picture that
 * belongs to a variant chooses it, and both Buy buttons buy the same thing.
 */
export function useProductPurchase(product: ProductDetail, basePath: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [choice, setChoice] = useState(() => {
    const variant = initialVariant(product, params.get(VARIANT_PARAM));
    const picture = variant ? pictureOf(variant, product.images, product.variants) : -1;
    return { variant, image: Math.max(0, picture), quantity: 1 };
  });
  const { variant, image } = choice;
  // a choice the shopper makes goes into the address in place (no history entry, no jump); the page's
  // first variant does not, so an address without one stays as it came
  const opened = useRef(variant?.id);
  const chosenId = variant?.id;
  useEffect(() => {
    if (chosenId === undefined || chosenId === opened.current) return;
    opened.current = undefined;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(VARIANT_PARAM, String(chosenId));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // only a new choice writes: setParams changes with every address, which this very write changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenId]);
  const stock = variant?.total_quanity ?? product.total_quanity;
  // What the cart holds of this variant already counts against what one order may take. The server's
  // HTML knows no cart: the hydrating render counts none either, and the page follows the cart after.
  const cart = useStore($cart);
  const hydrated = useHydrated();
  const inCart = hydrated ? heldInCart(product, variant, cart) : 0;
  const room = Math.max(0, orderLimit(product, variant) - inCart);
  // the quantity never exceeds what may still be added (a sold-out variant, or a full line, keeps 1 on display)
  const quantity = Math.max(1, Math.min(choice.quantity, room));

  const selectVariant = (next: Variant) => {
    const picture = pictureOf(next, product.images, product.variants);
    setChoice((c) => ({ ...c, variant: next, image: picture >= 0 ? picture : c.image }));
  };
  const selectImage = (index: number) => {
    const img = product.images[index];
    if (!img) return;
    const option = pictureOption(img.url, product.variants);
    setChoice((c) => ({ ...c, image: index, variant: (option && variantWith(product.variants, c.variant, option)) || c.variant }));
  };
  const setQuantity = (n: number) => setChoice((c) => ({ ...c, quantity: n }));

  return {
    variant,
    image,
    quantity,
    stock,
    /** Pieces of this variant in the cart, and how many more it may take. */
    inCart,
    room,
    price: variant?.price ?? product.price,
    oldPrice: variant ? variant.old_price : product.old_price,
    selectVariant,
    selectImage,
    setQuantity,
    buy: () => {
      if (stock <= 0) return;
      addWithinLimit(product, variant, quantity, t);
    },
    buyNow: () => {
      if (stock <= 0) return;
      setOneClickBuyItem(cartItemFor(product, variant, quantity));
      void navigate(`${basePath}/checkout`);
    },
  };
}

export type ProductPurchase = ReturnType<typeof useProductPurchase>;
