// A link followed by keyboard inside the shop: the page it was on is replaced, so the new page's heading
// takes the focus once the page has come (before, the focus fell to <body> and the next Tab started at the
// top of the page, with nothing said about where the shopper now was).
import { expect, test } from '../support/test';
import { baseURL } from '../support/shop';

test.use({ viewport: { width: 1366, height: 900 } });

test('a product opened from the search results with Enter: its heading has the focus, and Tab goes on into the page', async ({ page }) => {
  await page.goto(`${baseURL()}/en/search?q=kettle`);
  const card = page.getByTestId('product-card').first().locator('a').first();
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/products\//);
  const heading = page.locator('main h1');
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('main :focus')).toHaveCount(1);
});

test('the 404 page’s search with Enter: the results’ heading has the focus', async ({ page }) => {
  await page.goto(`${baseURL()}/ru/no-such-page`);
  const search = page.getByTestId('not-found-search');
  await search.focus();
  await page.keyboard.type('чайник');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ru\/search\?q=/);
  await expect(page.locator('main h1')).toBeFocused();
});
