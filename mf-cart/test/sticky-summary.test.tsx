// On a phone (859 px and narrower) the cart's summary sticks to the bottom of the screen. The page keeps
// that much room at the bottom for scrolling (scroll-padding-bottom on the document), so a control focused
// by keyboard is scrolled above the panel, not hidden under it. jsdom lays nothing out: the panel's height
// is given here, and "a phone" is the rule the media query applies there (jsdom reads no media queries).
import { render, screen, fireEvent, act } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addToCart, setLanguage, type CartItem } from '@bozor/shared';
import CartRoutes from '../src/routes';
import { shopWithEveryLineInStock } from './fixtures';

const kettle: CartItem = { product_id: 7, name: 'Kettle', img_url: null, quantity: 1, price: 100000, slug: 'kettle' };
const pan: CartItem = { product_id: 8, name: 'Pan', img_url: null, quantity: 1, price: 50000, slug: 'pan' };

/** The panel's height as the browser would measure it, and the size watchers the page set up. */
let panelHeight = 0;
let watchers: { box: Element; changed: () => void }[] = [];
class FakeResizeObserver {
  constructor(private readonly changed: () => void) {}
  observe(box: Element) {
    watchers.push({ box, changed: this.changed });
  }
  disconnect() {
    watchers = watchers.filter((w) => w.changed !== this.changed);
  }
  unobserve() {}
}
/** The panel grows or shrinks (another language, a longer delivery text, zoom): the browser tells the watchers. */
const panelBecomes = (height: number) => {
  panelHeight = height;
  act(() => watchers.filter((w) => w.box === screen.getByTestId('cart-summary')).forEach((w) => w.changed()));
};

const phoneRule = document.createElement('style');
phoneRule.textContent = '.bzk-summary{position:sticky;bottom:0}';
const onPhone = () => document.head.appendChild(phoneRule);
const room = () => document.documentElement.style.scrollPaddingBottom;

beforeEach(() => {
  shopWithEveryLineInStock();
  setLanguage('en');
  watchers = [];
  panelHeight = 180;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = this.dataset.testid === 'cart-summary' ? panelHeight : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: 360, bottom: height, width: 360, height, toJSON: () => ({}) };
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  phoneRule.remove();
  document.documentElement.style.scrollPaddingBottom = '';
});

async function cartPage() {
  addToCart(kettle);
  addToCart(pan);
  const page = render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath="/en" />
    </MemoryRouter>,
  );
  await screen.findAllByTestId('cart-line');
  return page;
}

it('on a phone keeps room as tall as the sticky summary, follows its height, and gives it back when the page goes', async () => {
  onPhone();
  const page = await cartPage();
  // the panel and a little more, so the focus ring above it shows whole
  expect(room()).toBe('188px');
  panelBecomes(233.4);
  expect(room()).toBe('242px');
  page.unmount();
  expect(room()).toBe('');
});

it('gives the room back when the cart is cleared (no summary any more)', async () => {
  onPhone();
  await cartPage();
  expect(room()).toBe('188px');
  fireEvent.click(screen.getByRole('button', { name: 'Clear the cart' }));
  expect(screen.queryByTestId('cart-summary')).toBeNull();
  expect(room()).toBe('');
});

it('keeps no room on a wide screen, where the summary stands beside the lines', async () => {
  await cartPage();
  expect(room()).toBe('');
  // turned to a phone's width: the summary now sticks, and its size changed with it
  onPhone();
  panelBecomes(150);
  expect(room()).toBe('158px');
});
