// Page object for the catalogue remote: product grid, filters, sort, product page, search.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../support/shop';

export class CatalogPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    return this.page.goto(baseURL() + path);
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  cards() {
    return this.page.getByTestId('product-card');
  }

  cardNames() {
    return this.page.getByTestId('product-card-name');
  }

  /** Prices of the cards on the page, in order. */
  async cardPrices(): Promise<number[]> {
    await expect(this.cards().first()).toBeVisible();
    return (await this.page.getByTestId('product-card-price').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price')))));
  }

  brandFilter(slug: string) {
    return this.page.getByTestId(`filter-brand-${slug}`);
  }

  inStockFilter() {
    return this.page.getByTestId('filter-in-stock');
  }

  /** Opens the folded filter panel on a phone; a no-op on a wide screen. */
  sort() {
    return this.page.getByTestId('sort');
  }

  buy() {
    return this.page.getByTestId('buy');
  }

  buyOneClick() {
    return this.page.getByTestId('buy-one-click');
  }

  searchInput() {
    return this.page.getByTestId('search-input');
  }

  /** Slugs of in-stock products, asked from the API the shop uses. */
  static async inStockSlugs(request: APIRequestContext, count: number): Promise<string[]> {
    const res = await request.post(`${baseURL()}/backend/api/ext/v1/resources/products`, { data: { in_stock: true, per_page: count, sort: 'popular' } });
    const body = (await res.json()) as { data: { slug: string; total_quanity: number }[] };
    return body.data.filter((p) => p.total_quanity >= 5).map((p) => p.slug);
  }
}

/**
 * Presses a product card's Buy, as a shopper does: a product with several variants opens the option
 * choice first, where the variant it offers is added.
 */
export async function buyFromCard(page: Page, index = 0): Promise<void> {
  await page.getByTestId('add-to-cart').nth(index).click();
  const dialog = page.getByTestId('options-dialog');
  const chooses = await dialog
    .waitFor({ state: 'visible', timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (chooses) {
    await dialog.getByTestId('options-add').click();
    await expect(dialog).toBeHidden();
  }
}
