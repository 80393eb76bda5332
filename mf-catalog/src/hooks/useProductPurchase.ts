import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { addToCart, setOneClickBuyItem, showToast, type CartItem } from '@bozor/shared';
import type { ProductDetail, Variant } from '../api/types';
import { pictureOf, pictureOption, variantWith } from '../components/product/productChoice';

/** The cart line for a product in a chosen variant (the variant travels in attributes for the server). */
export function cartItemFor(product: ProductDetail, variant: Variant | undefined, quantity: number): CartItem {
  return {
    product_id: product.id,
    name: product.name,
    img_url: product.img_url,
    quantity,
    price: variant?.price ?? product.price,
    slug: product.slug,
    attributes: variant ? { variant_id: variant.id, sku: variant.sku, options: variant.options } : undefined,
    mxit: product.mxit,
    mxit_unit: product.mxit_unit,
    weight: product.weight,
  };
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
  // the quantity never exceeds what the chosen variant has (a sold-out one keeps 1 on display)
  const quantity = Math.max(1, Math.min(choice.quantity, stock));

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
    price: variant?.price ?? product.price,
    oldPrice: variant ? variant.old_price : product.old_price,
    selectVariant,
    selectImage,
    setQuantity,
    buy: () => {
      if (stock <= 0) return;
      addToCart(cartItemFor(product, variant, quantity));
      showToast(t('product.added'), 'success');
    },
    buyNow: () => {
      if (stock <= 0) return;
      setOneClickBuyItem(cartItemFor(product, variant, quantity));
      void navigate(`${basePath}/checkout`);
    },
  };
}

export type ProductPurchase = ReturnType<typeof useProductPurchase>;
