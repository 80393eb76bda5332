// What the catalogue page costs a slow phone after it is drawn (issue 12): the arrival of the shell's
// category tree re-rendered the whole page in one synchronous task (a store's change is never a
// transition in React), every product card with it: most of a 100 ms task at 4× CPU.
import { act, screen, waitFor, within } from '@testing-library/react';
import { onMount } from 'nanostores';
import { $categories, setCategories, setLanguage } from '@bozor/shared';
import { fakeShop, installFakeApi } from './fakeApi';
import { fakeCategory } from './fakeCatalogue';
import { at } from './renderAt';

// every drawing of a card asks for its picture's sizes once: the count of card renders
const drawn = jest.fn();
jest.mock('@bozor/shared/media', () => {
  const actual = jest.requireActual('@bozor/shared/media');
  return {
    ...actual,
    responsiveImage: (...args: Parameters<typeof actual.responsiveImage>) => {
      drawn();
      return actual.responsiveImage(...args);
    },
  };
});


/** How many times a page started reading the shell's category tree (the shell fetches it then). */
let treeReads = 0;
const unbind = onMount($categories, () => {
  treeReads += 1;
});
afterAll(unbind);

beforeEach(() => {
  setLanguage('en');
  setCategories([]);
  treeReads = 0;
  drawn.mockClear();
});

it('the whole catalogue does not ask for the category tree; a category’s page does, for its breadcrumbs', async () => {
  installFakeApi({ catalogue: fakeShop() });
  const { unmount } = at('/en/catalog');
  await waitFor(() => expect(screen.getAllByTestId('product-card').length).toBeGreaterThan(0));
  expect(treeReads).toBe(0);
  unmount();
  at('/en/catalog?category=kettles');
  await waitFor(() => expect(screen.getAllByTestId('product-card').length).toBeGreaterThan(0));
  expect(treeReads).toBe(1);
});

it('when the tree arrives, the breadcrumbs take it and the product cards are not drawn again', async () => {
  installFakeApi({ catalogue: fakeShop() });
  at('/en/catalog?category=kettles');
  await waitFor(() => expect(screen.getAllByTestId('product-card').length).toBeGreaterThan(0));
  const cards = screen.getAllByTestId('product-card').length;
  expect(drawn.mock.calls.length).toBeGreaterThanOrEqual(cards);
  drawn.mockClear();
  act(() => setCategories([fakeCategory(1, 'kitchen', 'Kitchen appliances', [fakeCategory(2, 'kettles', 'Kettles')])]));
  const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
  expect(crumbs.getByRole('link', { name: 'Kitchen appliances' })).toBeTruthy();
  expect(drawn).not.toHaveBeenCalled();
});
