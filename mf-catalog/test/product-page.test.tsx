// The product page as a shopper uses it (issue 12): the gallery follows the chosen variant and a
// picture chooses its variant, sold-out variants are marked but can be chosen (and not bought), the
// pictures open full screen and move with the arrow keys or a swipe, a sticky bar offers Buy once the
// buy box has scrolled away. Buying from a card and what the cart takes are product-buy.test.tsx.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { $cart, $toasts, clearCart, setLanguage } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import { pictureOf, pictureOption, variantWith } from '../src/components/product/productChoice';
import type { Variant } from '../src/api/types';
import { installFakeApi, product } from './fakeApi';
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
