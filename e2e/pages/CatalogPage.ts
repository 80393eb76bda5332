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
  async showFilters() {
    const details = this.page.locator('details.bzc-filters-box');
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await this.page.getByText(/^(Filters|Фильтры|Filtrlar)$/).click();
  }

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
