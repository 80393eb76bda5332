// The product page as a shopper uses it (issue 12): the gallery follows the chosen variant and a
// picture chooses its variant, sold-out variants are marked but can be chosen (and not bought), the
// pictures open full screen and move with the arrow keys or a swipe, a sticky bar offers Buy once the
// buy box has scrolled away; on a card, Buy of a product with several variants asks which one.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { $cart, $toasts, addToCart, clearCart, setLanguage } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import { pictureOf, pictureOption, variantWith } from '../src/components/product/productChoice';
import type { Variant } from '../src/api/types';
import { card, installFakeApi, product } from './fakeApi';
import { at } from './renderAt';

// jsdom has no PointerEvent: without one, fireEvent would drop the coordinates
if (typeof window.PointerEvent === 'undefined')
  Object.assign(window, {
    PointerEvent: class extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    },
  });

const mainPicture = () => screen.getByTestId('gallery-main-image').getAttribute('src');

beforeEach(() => {
  clearCart();
  $toasts.set([]);
  setLanguage('en');
});

describe('which variant a picture shows', () => {
  const variants = product.variants as Variant[];
  it('reads the option value from the picture name, and only for options that tell variants apart', () => {
    expect(pictureOption('/media/p/1-black.webp', variants)).toEqual({ code: 'color', value: 'black' });
    expect(pictureOption('/media/p/1-black.webp?w=480', variants)).toEqual({ code: 'color', value: 'black' });
    expect(pictureOption('/media/p/1-main.webp', variants)).toBeNull();
    expect(pictureOption('/media/p/1-black.webp', [variants[1] as Variant])).toBeNull();
    expect(pictureOf(variants[1] as Variant, product.images, variants)).toBe(1);
  });

  it('a chosen value keeps the other chosen values, else prefers a variant in stock', () => {
    const v = (id: number, color: string, size: string, stock: number): Variant => ({
      id,
      sku: `S${id}`,
      price: 1,
      old_price: null,
      total_quanity: stock,
      max_quantity: stock,
      in_stock: stock > 0,
      stock: [],
      options: [
        { code: 'color', name: 'Colour', value: color, label: color },
        { code: 'size', name: 'Size', value: size, label: size },
      ],
    });
    const all = [v(1, 'red', 's', 1), v(2, 'red', 'm', 1), v(3, 'blue', 's', 0), v(4, 'blue', 'l', 2)];
    expect(variantWith(all, all[1], { code: 'size', value: 's' })?.id).toBe(1);
    expect(variantWith(all, all[1], { code: 'color', value: 'blue' })?.id).toBe(4);
    expect(variantWith(all, all[0], { code: 'color', value: 'blue' })?.id).toBe(3);
  });
});

describe('product page', () => {
  it('the quantity stepper keeps the focus at its limits: the button there says it is disabled and does nothing', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    const stepper = screen.getByRole('group', { name: 'Quantity' });
    const more = within(stepper).getByRole('button', { name: 'More' });
    const fewer = within(stepper).getByRole('button', { name: 'Fewer' });
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    more.focus();
    // the white kettle has 3 in stock
    fireEvent.click(more);
    fireEvent.click(more);
    expect(screen.getByTestId('product-quantity').textContent).toBe('3');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    expect(screen.getByTestId('product-quantity').textContent).toBe('3');
    fewer.focus();
    fireEvent.click(fewer);
    fireEvent.click(fewer);
    expect(screen.getByTestId('product-quantity').textContent).toBe('1');
    expect(document.activeElement).toBe(fewer);
    fireEvent.click(fewer);
    expect(screen.getByTestId('product-quantity').textContent).toBe('1');
  });

  it('choosing a colour shows its picture; a sold-out colour is marked, can be chosen and cannot be bought', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    expect(mainPicture()).toContain('/media/p/1-white.webp');
    const black = screen.getByTestId('variant-color-black');
    expect(black.textContent).toBe('black (sold out)');
    expect(black.className).toContain('bzc-chip--out');
    expect(screen.getByTestId('variant-color-white').textContent).toBe('white');

    fireEvent.click(black);
    expect(mainPicture()).toContain('/media/p/1-black.webp');
    expect(black.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('stock-status').textContent).toBe('Out of stock');
    expect(screen.getByTestId('variant-sold-out').textContent).toBe('This option is sold out. Choose another one.');
    expect(screen.getByTestId('buy').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('buy-one-click').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('product-quantity')).toBeNull();
  });

  it('the chosen variant is kept in the address, so a reload or a shared link opens on it', async () => {
    installFakeApi();
    let address = '';
    const Probe = () => {
      const location = useLocation();
      address = location.pathname + location.search;
      return null;
    };
    const { unmount } = render(
      <MemoryRouter initialEntries={['/en/products/kettle-1']}>
        <Routes>
          <Route
            path="/en/*"
            element={
              <>
                <CatalogRoutes basePath="/en" />
                <Probe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByTestId('product-name');
    // the page's own first choice leaves the address as it came
    expect(address).toBe('/en/products/kettle-1');
    fireEvent.click(screen.getByTestId('variant-color-black'));
    await waitFor(() => expect(address).toBe('/en/products/kettle-1?variant=12'));
    unmount();

    at('/en/products/kettle-1?variant=12');
    await screen.findByTestId('product-name');
    expect(screen.getByTestId('product-sku').textContent).toContain('K1-BLACK');
    expect(screen.getByTestId('variant-color-black').getAttribute('aria-pressed')).toBe('true');
  });

  it('a thumbnail of a variant chooses that variant', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    fireEvent.click(screen.getByRole('button', { name: 'Picture 2: black' }));
    expect(screen.getByTestId('product-sku').textContent).toContain('K1-BLACK');
    expect(screen.getByTestId('product-price').getAttribute('data-price')).toBe('120000');
    fireEvent.click(screen.getByRole('button', { name: 'Picture 1: white' }));
    expect(screen.getByTestId('product-sku').textContent).toContain('K1-WHITE');
    expect(screen.getByTestId('buy').hasAttribute('disabled')).toBe(false);
  });

  it('the picture opens full screen at full size; arrows move it (and the variant), Escape closes and gives focus back', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    const zoom = await screen.findByRole('button', { name: 'Enlarge the picture' });
    zoom.focus();
    fireEvent.click(zoom);
    const viewer = screen.getByRole('dialog', { name: 'Kettle 1' });
    expect(document.activeElement).toBe(viewer);
    expect(within(viewer).getByTestId('gallery-viewer-image').getAttribute('src')).toBe('/media/p/1-white.webp');
    // the count is announced (aria-live) and follows the arrows
    const count = within(viewer).getByText('1 of 2');
    expect(count.getAttribute('aria-live')).toBe('polite');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(count.textContent).toBe('2 of 2');
    expect(within(viewer).getByTestId('gallery-viewer-image').getAttribute('src')).toBe('/media/p/1-black.webp');
    expect(screen.getByTestId('product-sku').textContent).toContain('K1-BLACK');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Previous picture' }));
    expect(within(viewer).getByTestId('gallery-viewer-image').getAttribute('src')).toBe('/media/p/1-white.webp');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(zoom);
  });

  it('a horizontal swipe on the picture shows the next one and does not open the viewer; a vertical one does nothing', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    const stage = screen.getByTestId('gallery-zoom');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: to[0], clientY: to[1] });
      fireEvent.click(stage);
    };
    swipe([300, 200], [120, 210]);
    expect(mainPicture()).toContain('1-black.webp');
    expect(screen.queryByRole('dialog')).toBeNull();
    swipe([300, 200], [290, 400]);
    expect(mainPicture()).toContain('1-black.webp');
    // that was a scroll, not a swipe: the click after it is a tap that opens the viewer
    expect(within(screen.getByRole('dialog', { name: 'Kettle 1' })).getByTestId('gallery-viewer-image').getAttribute('src')).toBe('/media/p/1-black.webp');
  });

  it('the sticky buy bar appears only once Buy has scrolled up out of view, and buys the chosen variant', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    const bar = screen.getByTestId('sticky-buy-bar');
    expect(bar.hidden).toBe(true);
    const actions = screen.getByTestId('buy').parentElement as HTMLElement;
    // where the buy buttons are, as the page scrolls
    const scrollTo = async (bottom: number) => {
      actions.getBoundingClientRect = () => ({ bottom }) as DOMRect;
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((r) => requestAnimationFrame(r));
      });
    };
    await scrollTo(900); // below the screen: not scrolled past yet
    expect(bar.hidden).toBe(true);
    await scrollTo(-20);
    expect(bar.hidden).toBe(false);
    fireEvent.click(within(bar).getByRole('button', { name: 'Buy: Kettle 1' }));
    expect($cart.get()).toMatchObject([{ product_id: 1, attributes: { variant_id: 11 } }]);
    // straight back to the top (Home): the buttons jump from above the screen to below it
    await scrollTo(1200);
    expect(bar.hidden).toBe(true);
  });
});

describe('a card of a product with several variants', () => {
  it('Buy asks which variant, marks the sold-out one, and adds the chosen one', async () => {
    installFakeApi({ products: [card(1, { variants_count: 2 }), card(2)] });
    at('/en/catalog');
    const buy = (await screen.findAllByTestId('add-to-cart'))[0] as HTMLElement;
    buy.focus();
    fireEvent.click(buy);
    expect($cart.get()).toEqual([]);
    const dialog = screen.getByRole('dialog', { name: 'Kettle 1' });
    const black = await within(dialog).findByTestId('variant-color-black');
    expect(black.textContent).toBe('black (sold out)');
    fireEvent.click(black);
    expect(within(dialog).getByTestId('options-add').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('stock-status').textContent).toBe('Out of stock');
    fireEvent.click(within(dialog).getByTestId('variant-color-white'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the cart' }));
    expect($cart.get()).toMatchObject([{ product_id: 1, quantity: 1, attributes: { variant_id: 11, sku: 'K1-WHITE' } }]);
    expect($toasts.get()[0]?.message).toBe('Added to the cart');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(buy);

    // a product with one variant is added at once, as before
    fireEvent.click(screen.getAllByTestId('add-to-cart')[1] as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($cart.get()).toHaveLength(2);
  });
});

describe('the cart line shows the variant bought', () => {
  // both colours in stock; the product's own first picture (its card's) is neither
  const twoColours = {
    ...product,
    slug: 'kettle-pictures',
    variants: product.variants.map((v) => ({ ...v, total_quanity: 5, in_stock: true })),
  };

  it('Buy on the product page puts the chosen colour’s picture in the cart, not the product’s first one', async () => {
    installFakeApi({ product: twoColours });
    at('/en/products/kettle-pictures');
    await screen.findByTestId('product-name');
    fireEvent.click(screen.getByTestId('variant-color-black'));
    fireEvent.click(screen.getByTestId('buy'));
    fireEvent.click(screen.getByTestId('variant-color-white'));
    fireEvent.click(screen.getByTestId('buy'));
    expect($cart.get().map((l) => [l.attributes, l.img_url])).toEqual([
      [expect.objectContaining({ sku: 'K1-BLACK' }), '/media/p/1-black.webp'],
      [expect.objectContaining({ sku: 'K1-WHITE' }), '/media/p/1-white.webp'],
    ]);
  });

  it('a variant without a picture of its own keeps the product’s picture', async () => {
    installFakeApi({ product: { ...twoColours, images: [{ url: '/media/p/1-main.webp' }] } });
    at('/en/products/kettle-pictures');
    await screen.findByTestId('product-name');
    fireEvent.click(screen.getByTestId('buy'));
    expect($cart.get()[0]?.img_url).toBe('/media/p/1.webp');
  });

  it('a card’s option dialog adds the chosen colour with its picture', async () => {
    installFakeApi({ products: [card(1, { variants_count: 2 })] });
    at('/en/catalog');
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    const dialog = screen.getByRole('dialog', { name: 'Kettle 1' });
    fireEvent.click(await within(dialog).findByTestId('variant-color-white'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to the cart' }));
    expect($cart.get()).toMatchObject([{ attributes: { sku: 'K1-WHITE' }, img_url: '/media/p/1-white.webp' }]);
  });
});

describe('the cart never holds more than one order may take', () => {
  const more = () => within(screen.getByRole('group', { name: 'Quantity' })).getByRole('button', { name: 'More' });
  const lastToast = () => $toasts.get().at(-1);
  // a variant with 8 in stock, of which one order may take 5 (the API's max_quantity: the per-order limit)
  const plenty = {
    ...product,
    slug: 'kettle-plenty',
    variants: [{ ...product.variants[0], total_quanity: 8, max_quantity: 5 }, product.variants[1]],
  };

  it('Buy adds up to the stock; once the cart has it all, Buy says so and adds nothing', async () => {
    installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    // the white kettle has 3 in stock (this answer has no max_quantity: the stock is the limit)
    fireEvent.click(more());
    fireEvent.click(more());
    fireEvent.click(screen.getByTestId('buy'));
    expect($cart.get()).toMatchObject([{ attributes: { variant_id: 11 }, quantity: 3 }]);
    expect(lastToast()).toMatchObject({ kind: 'success', message: 'Added to the cart' });

    expect(screen.getByTestId('product-quantity').textContent).toBe('1');
    expect(more().getAttribute('aria-disabled')).toBe('true');
    const full = 'Your cart already has 3 of these — as many as one order can take.';
    expect(screen.getByTestId('product-in-cart').textContent).toBe(full);
    fireEvent.click(screen.getByTestId('buy'));
    fireEvent.click(screen.getByTestId('sticky-buy'));
    expect($cart.get()).toMatchObject([{ quantity: 3 }]);
    // said again each time, as one message (a phone's screen is not filled with copies of it)
    expect($toasts.get().map((t) => t.message)).toEqual(['Added to the cart', full]);
    expect(lastToast()?.kind).toBe('error');
  });

  it('what the cart holds already is taken off the stepper’s maximum', async () => {
    installFakeApi();
    addToCart({ product_id: 1, name: 'Kettle 1', slug: 'kettle-1', img_url: null, quantity: 2, price: 100000, attributes: { variant_id: 11, sku: 'K1-WHITE', options: [] } });
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    expect(screen.getByTestId('product-in-cart').textContent).toBe('In your cart: 2');
    fireEvent.click(more());
    expect(screen.getByTestId('product-quantity').textContent).toBe('1');
    expect(more().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('buy'));
    expect($cart.get()).toMatchObject([{ quantity: 3 }]);
  });

  it('the per-order limit caps the stepper, Buy and Buy in 1 click below a bigger stock', async () => {
    installFakeApi({ product: plenty });
    at('/en/products/kettle-plenty');
    await screen.findByTestId('product-name');
    for (let i = 0; i < 7; i++) fireEvent.click(more());
    expect(screen.getByTestId('product-quantity').textContent).toBe('5');
    expect(more().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('buy-one-click'));
    expect((await screen.findByTestId('one-click-item')).textContent).toContain('× 5');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('one-click-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('buy'));
    fireEvent.click(screen.getByTestId('buy'));
    expect($cart.get()).toMatchObject([{ quantity: 5 }]);
    expect(lastToast()?.message).toBe('Your cart already has 5 of these — as many as one order can take.');
  });

  it('a card’s option dialog adds nothing to a line already at the limit, and says so', async () => {
    installFakeApi({ products: [card(1, { variants_count: 2 })] });
    addToCart({ product_id: 1, name: 'Kettle 1', slug: 'kettle-1', img_url: null, quantity: 3, price: 100000, attributes: { variant_id: 11, sku: 'K1-WHITE', options: [] } });
    at('/en/catalog');
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    const dialog = screen.getByRole('dialog', { name: 'Kettle 1' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add to the cart' }));
    expect($cart.get()).toMatchObject([{ quantity: 3 }]);
    expect(lastToast()?.message).toBe('Your cart already has 3 of these — as many as one order can take.');
  });
});
