// Where a page opens after an in-app navigation (shell/src/routing/ScrollRestoration.tsx), on a 1366 px
// desktop in ru and a 390 px touch phone in uz: a product opened from far down the catalogue starts at
// its top with its name in view; Back returns to the card the shopper had reached, once the list has
// loaded again; the pager's next page starts at the top, not where the pager was.
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, openPage, test } from '../support/test';
import { CatalogPage } from '../pages/CatalogPage';

const CASES = [
  // the last card of the first page (scrollY ≈ 1700 on this screen)
  { name: 'desktop (1366 px), ru', screen: DESKTOP, lang: 'ru', card: 'last', next: 'Следующая страница', touch: false },
  // the 16th card: two to a row, well below the fold
  { name: 'phone (390 px), uz', screen: PHONE, lang: 'uz', card: 15, next: 'Keyingi sahifa', touch: true },
] as const;

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** A click on a desktop, a tap on a phone. */
const press = (target: Locator, touch: boolean) => (touch ? target.tap() : target.click());

for (const c of CASES) {
  test(`${c.name}: a product opened far down the catalogue starts at its top; Back returns to the card; the next page starts at the top`, async ({ browser }) => {
    const { context, page, errors } = await openPage(browser, c.screen, `/${c.lang}/catalog`);
    const catalog = new CatalogPage(page);
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    const cards = catalog.cards();
    expect(await cards.count()).toBeGreaterThan(16);

    const card = c.card === 'last' ? cards.last() : cards.nth(c.card);
    await card.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(800);
    const name = (await card.getByTestId('product-card-name').innerText()).trim();

    // the product page: at its top, its name in view
    await press(card.getByTestId('product-card-name'), c.touch);
    await expect(page).toHaveURL(new RegExp(`/${c.lang}/products/`));
    await expect(catalog.heading()).toHaveText(name);
    expect(await scrollY(page)).toBe(0);
    await expect(catalog.heading()).toBeInViewport();

    // Back: the catalogue where the shopper left it, the card on screen again
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/${c.lang}/catalog$`));
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await expect.poll(async () => Math.abs((await scrollY(page)) - left)).toBeLessThanOrEqual(40);
    await expect(card).toBeInViewport();

    // the pager below the list: page 2 opens at its top
    const next = page.getByTestId('pagination').getByRole('link', { name: c.next });
    await next.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(800);
    await press(next, c.touch);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText('2');
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(catalog.heading()).toBeInViewport();

    expect(errors).toEqual([]);
    await context.close();
  });
}
