// Remove, "−" at 1, Clear and Undo take away the button that was pressed: the focus goes where the shopper
// carries on (the next line, "Undo", the first line back, the heading), not to the page's start. Lines that
// change from elsewhere leave the focus alone.
import { render, screen, fireEvent, within, act } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addToCart, removeFromCart, setLanguage, type CartItem } from '@bozor/shared';
import CartRoutes from '../src/routes';
import { shopWithEveryLineInStock } from './fixtures';

const line = (product_id: number, name: string, quantity = 1): CartItem => ({ product_id, name, img_url: null, quantity, price: 100000, slug: name.toLowerCase() });
const kettle = line(7, 'Kettle');
const pan = line(8, 'Pan', 2);
const iron = line(9, 'Iron');

beforeEach(() => {
  shopWithEveryLineInStock();
  setLanguage('en');
  // jsdom lays nothing out and has no scrolling; the page asks for "Undo" to be scrolled into view
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

async function cartWith(...items: CartItem[]) {
  items.forEach((i) => addToCart(i));
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath="/en" />
    </MemoryRouter>,
  );
  await screen.findAllByTestId('cart-line');
}
const lineOf = (name: string) => screen.getAllByTestId('cart-line').find((li) => within(li).getByTestId('cart-line-name').textContent === name)!;
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

it('Remove and "−" at 1 give the focus to the next line, the one before after the last, the heading when none is left', async () => {
  await cartWith(kettle, pan, iron);
  press(within(lineOf('Pan')).getByRole('button', { name: 'Remove' }));
  expect(document.activeElement).toBe(within(lineOf('Iron')).getByRole('link', { name: 'Iron' }));

  // the last line: the one before it
  press(within(lineOf('Iron')).getByRole('button', { name: 'Fewer' }));
  expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  expect(document.activeElement).toBe(within(lineOf('Kettle')).getByRole('link', { name: 'Kettle' }));

  press(within(lineOf('Kettle')).getByRole('button', { name: 'Remove' }));
  expect(screen.getByTestId('cart-empty')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Cart' }));
});

it('"−" that leaves the line in the cart keeps the focus on it', async () => {
  await cartWith(kettle, pan);
  const fewer = within(lineOf('Pan')).getByRole('button', { name: 'Fewer' });
  press(fewer);
  expect(within(lineOf('Pan')).getByTestId('cart-line-quantity').textContent).toBe('1');
  expect(document.activeElement).toBe(fewer);
});

it('Clear gives the focus to "Undo", scrolled into view, and "Undo" gives it to the first line', async () => {
  await cartWith(kettle, pan);
  press(screen.getByRole('button', { name: 'Clear the cart' }));
  const undo = screen.getByRole('button', { name: 'Undo' });
  expect(screen.getByTestId('cart-cleared').textContent).toContain('The cart is empty now.');
  expect(document.activeElement).toBe(undo);
  expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  expect((Element.prototype.scrollIntoView as jest.Mock).mock.contexts[0]).toBe(undo);

  press(undo);
  expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
  expect(document.activeElement).toBe(within(lineOf('Kettle')).getByRole('link', { name: 'Kettle' }));
});

it('lines changed from elsewhere (another tab, the mini-cart) leave the focus where it is', async () => {
  await cartWith(kettle, pan, iron);
  const more = within(lineOf('Iron')).getByRole('button', { name: 'More' });
  more.focus();
  act(() => removeFromCart(pan));
  expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
  expect(document.activeElement).toBe(more);
  act(() => removeFromCart(kettle));
  expect(document.activeElement).toBe(more);
});
