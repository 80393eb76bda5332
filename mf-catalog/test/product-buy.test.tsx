// Buying from the product page and the catalogue's cards (issue 12): on a card, Buy of a product with several
// variants asks which one; the cart line shows the chosen variant's picture; the cart never holds more than
// one order may take (the stock, the per-order limit), and Buy says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $cart, $toasts, addToCart, clearCart, setLanguage } from '@bozor/shared';
import { card, installFakeApi, product } from './fakeApi';
import { at } from './renderAt';


beforeEach(() => {
  clearCart();
  $toasts.set([]);
  setLanguage('en');
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
