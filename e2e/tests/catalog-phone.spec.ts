// The catalogue on a 390 px phone (touch) and a 1366 px desktop, in uz, ru and en (issue 12): the
// filters in a bottom sheet with "Show N products" (N as the API counts it), active filters as
// removable chips with "clear all", a ticked filter that stays at count 0 with a reset, pages with
// first/last, "…" and previous/next, price boxes in groups of three that never cut digits, a card's
// Buy that asks which variant — and the filter still in the URL across a reload and the back button.
import { DESKTOP, PHONE, collectErrors, expect, openPage, test, waitForReady, waitingPage } from '../support/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { baseURL } from '../support/shop';

const LANGS = ['uz', 'ru', 'en'] as const;
type Lang = (typeof LANGS)[number];
const NBSP = '\u00a0';
const TEXT: Record<Lang, { filters: string; show: (n: number) => RegExp; clear: string; reset: string; next: string; prev: string; addToCart: string }> = {
  uz: {
    filters: 'Filtrlar',
    show: (n) => new RegExp(`^${n} ta mahsulotni koʻrsatish$`),
    clear: 'Hammasini tozalash',
    reset: 'Filtrlarni tozalash',
    next: 'Keyingi sahifa',
    prev: 'Oldingi sahifa',
    addToCart: 'Savatga qoʻshish',
  },
  ru: {
    filters: 'Фильтры',
    show: (n) => new RegExp(`^Показать ${n} товар(а|ов)?$`),
    clear: 'Сбросить все',
    reset: 'Сбросить фильтры',
    next: 'Следующая страница',
    prev: 'Предыдущая страница',
    addToCart: 'Добавить в корзину',
  },
  en: {
    filters: 'Filters',
    show: (n) => new RegExp(`^Show ${n} products?$`),
    clear: 'Clear all',
    reset: 'Reset the filters',
    next: 'Next page',
    prev: 'Previous page',
    addToCart: 'Add to the cart',
  },
};

interface Answer {
  data: { slug: string; name: string; variants_count: number; in_stock: boolean }[];
  meta: { total: number; last_page: number };
  facets: { brands: { slug: string; name: string; count: number }[] };
}

/** What the catalogue API answers for a filter, in a language. */
async function products(request: APIRequestContext, lang: Lang, filter: Record<string, unknown>): Promise<Answer> {
  const res = await request.post(`${baseURL()}/backend/api/ext/v1/resources/products`, { data: { per_page: 24, ...filter }, headers: { 'X-LANG': lang } });
  return (await res.json()) as Answer;
}

/** The page opened, and its catalogue's answers in. */
async function open(browser: Browser, options: typeof PHONE | typeof DESKTOP, path: string) {
  const opened = await openPage(browser, options, path);
  await expect(opened.page.locator('[aria-busy="true"]')).toHaveCount(0);
  return opened;
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const lang of LANGS) {
  test(`phone, ${lang}: filters in a sheet with "Show N products"; chips remove them; the URL keeps them across reload and back`, async ({ browser, request }) => {
    const all = await products(request, lang, { category: 'kettles' });
    const [brand] = all.facets.brands;
    if (!brand) throw new Error('no brand among kettles');
    const narrowed = await products(request, lang, { category: 'kettles', brands: [brand.slug] });
    const { context, page, errors } = await open(browser, PHONE, `/${lang}/catalog?category=kettles`);

    const openButton = page.getByRole('button', { name: TEXT[lang].filters, exact: true });
    await expect(page.getByTestId('filter-brand-' + brand.slug)).toBeHidden();
    await openButton.tap();
    const sheet = page.getByRole('dialog', { name: TEXT[lang].filters });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('filters-show')).toHaveText(TEXT[lang].show(all.meta.total));
    await sheet.getByTestId('filter-brand-' + brand.slug).tap();
    await expect(page).toHaveURL(new RegExp(`brands=${brand.slug}`));
    // still open after a tick, counting the new filter
    await expect(sheet.getByTestId('filters-show')).toHaveText(TEXT[lang].show(narrowed.meta.total));
    await expect(sheet.getByTestId('filter-brand-' + brand.slug)).toBeChecked();
    // the sheet fits the phone and its button is on screen
    await expect(sheet.getByTestId('filters-show')).toBeInViewport();
    await sheet.getByTestId('filters-show').tap();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('catalog-total')).toContainText(String(narrowed.meta.total));

    const chip = page.getByTestId('active-filter');
    await expect(chip).toHaveCount(1);
    await expect(chip).toContainText(brand.name);
    await page.reload();
    await expect(page.getByTestId('active-filter')).toContainText(brand.name);
    await page.goBack();
    await waitForReady(page);
    await expect(page).toHaveURL(new RegExp(`/${lang}/catalog\\?category=kettles$`));
    await expect(page.getByTestId('active-filter')).toHaveCount(0);
    await page.goForward();
    await waitForReady(page);
    await expect(page.getByTestId('active-filter')).toHaveCount(1);
    await page.getByTestId('active-filter').tap();
    await expect(page).toHaveURL(new RegExp(`/${lang}/catalog\\?category=kettles$`));
    expect(await noSideScroll(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('phone: a ticked brand whose count falls to 0 stays ticked; the empty result offers a reset; "clear all" keeps the category', async ({ browser, request }) => {
  const all = await products(request, 'en', { category: 'kettles' });
  const brand = all.facets.brands[0]?.slug ?? '';
  const { context, page, errors } = await open(browser, PHONE, `/en/catalog?category=kettles&brands=${brand}&in_stock=true&price_max=1`);
  await expect(page.getByTestId('no-products')).toHaveText('No products found');
  await expect(page.getByTestId('active-filter')).toHaveCount(3);
  await page.getByRole('button', { name: TEXT.en.filters + ' (3)' }).tap();
  const box = page.getByTestId('filter-brand-' + brand);
  await expect(box).toBeVisible();
  await expect(box).toBeChecked();
  await expect(box.locator('xpath=..')).toContainText('(0)');
  await expect(page.getByTestId('filters-show')).toHaveText(TEXT.en.show(0));
  await page.getByTestId('filters-show').tap();
  await page.getByRole('button', { name: TEXT.en.reset }).tap();
  await expect(page).toHaveURL(/\/en\/catalog\?category=kettles$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

for (const lang of LANGS) {
  test(`phone (360 px), ${lang}: price boxes group digits as typed and show all of them; pages show first, last, neighbours, "…", previous and next`, async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 740 } });
    const page = waitingPage(await context.newPage());
    const errors = collectErrors(page);
    await page.goto(`${baseURL()}/${lang}/catalog?page=5`);
    const nav = page.getByTestId('pagination');
    await expect(nav).toBeVisible();
    const numbers = await nav.locator('.bzc-pages li').allTextContents();
    expect(numbers[0]).toBe('1');
    expect(numbers.slice(1, 5)).toEqual(['…', '4', '5', '6']);
    expect(numbers.at(-2)).toBe('…');
    await expect(nav.getByRole('link', { name: TEXT[lang].prev })).toBeVisible();
    await nav.getByRole('link', { name: TEXT[lang].next }).tap();
    await expect(page).toHaveURL(/page=6/);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('6');
    expect(await noSideScroll(page)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: TEXT[lang].filters, exact: true }).tap();
    const min = page.getByTestId('filter-price-min');
    await min.tap();
    await min.pressSequentially('1250000');
    // grouped as the page's prices are: commas in English, no-break spaces in uz and ru
    const sep = lang === 'en' ? ',' : NBSP;
    await expect(min).toHaveValue(`1${sep}250${sep}000`);
    // the longest sum the box takes is shown whole at 360 px
    await min.press('End');
    await min.pressSequentially('999');
    await expect(min).toHaveValue(`1${sep}250${sep}000${sep}999`);
    // ten digits at most: an eleventh key changes nothing
    await min.pressSequentially('9');
    await expect(min).toHaveValue(`1${sep}250${sep}000${sep}999`);
    expect(await min.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (let i = 0; i < 3; i++) await min.press('Backspace');
    await min.press('Enter');
    await expect(page).toHaveURL(/price_min=1250000/);
    await expect(page).not.toHaveURL(/page=/);
    await page.getByTestId('filters-show').tap();
    await expect(page.getByTestId('active-filter')).toContainText(`1${sep}250${sep}000`);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('desktop, keyboard only: filters beside the list, a chip and "clear all" from the keyboard', async ({ browser, request }) => {
  const all = await products(request, 'ru', { category: 'kettles' });
  const brand = all.facets.brands[0]?.slug ?? '';
  const { context, page, errors } = await open(browser, DESKTOP, '/ru/catalog?category=kettles');
  await expect(page.getByRole('button', { name: TEXT.ru.filters, exact: true })).toBeHidden();
  const box = page.getByTestId('filter-brand-' + brand);
  await expect(box).toBeVisible();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(new RegExp(`brands=${brand}`));
  await expect(box).toBeChecked();
  // the tick did not throw the focus away
  await expect(box).toBeFocused();
  await page.getByTestId('filter-in-stock').focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/in_stock=true/);
  await expect(page.getByTestId('active-filter')).toHaveCount(2);
  await page.getByTestId('active-filter').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(new RegExp(`brands=${brand}`));
  await expect(page.getByTestId('active-filter')).toHaveCount(1);
  await page.getByRole('button', { name: TEXT.ru.clear }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ru\/catalog\?category=kettles$/);
  expect(errors).toEqual([]);
  await context.close();
});

for (const [name, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${name}: a card's Buy on a product with options asks which one and adds it; a product with one variant is added at once`, async ({ browser, request }) => {
    const lang: Lang = name === 'phone' ? 'uz' : 'en';
    const list = await products(request, lang, { in_stock: true });
    const several = list.data.find((p) => p.variants_count > 1);
    const single = list.data.find((p) => p.variants_count === 1);
    if (!several || !single) throw new Error('the first page has no product with options, or none without');
    const R = `${baseURL()}/backend/api/ext/v1/resources`;
    const { product } = (await (await request.get(`${R}/product/${several.slug}`)).json()) as { product: { variants: { id: number; total_quanity: number; options: { code: string; value: string }[] }[] } };
    const wanted = product.variants.find((v) => v.total_quanity > 0 && v.options.length > 0);
    if (!wanted) throw new Error(`${several.slug} has no variant in stock`);

    const { context, page, errors } = await open(browser, options, `/${lang}/catalog?in_stock=true`);
    const card = page.getByTestId('product-card').filter({ has: page.getByTestId('product-card-name').getByText(several.name, { exact: true }) });
    await card.getByTestId('add-to-cart').click();
    const dialog = page.getByRole('dialog', { name: several.name });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    for (const o of wanted.options) await dialog.getByTestId(`variant-${o.code}-${o.value}`).click();
    await dialog.getByRole('button', { name: TEXT[lang].addToCart }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { attributes?: { variant_id?: number } }[]);
    expect(stored.map((l) => l.attributes?.variant_id)).toEqual([wanted.id]);

    const one = page.getByTestId('product-card').filter({ has: page.getByTestId('product-card-name').getByText(single.name, { exact: true }) });
    await one.getByTestId('add-to-cart').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    // from the keyboard: Enter opens the choice, Escape closes it and gives the focus back
    await card.getByTestId('add-to-cart').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('add-to-cart')).toBeFocused();
    expect(errors).toEqual([]);
    await context.close();
  });
}
