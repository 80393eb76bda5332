// Favourites and recently viewed (issue 12): a guest's hearts survive a reload and the sign-in (typed
// phone and code) and are then the account's, seen from another browser; sign-out shows the guest's
// (empty) list again. Recently viewed: the products opened last, newest first, on the home page and on
// the product page (without the product itself). On a 390 px touch phone and a 1366 px desktop.
import type { Browser, Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE, collectErrors, expect, test, waitingPage } from '../support/test';
import { baseURL } from '../support/shop';
import { fromClientAddress } from '../support/api';
import { SignInDialog, freshPhone } from '../pages/SignInDialog';

const CLIENT = fromClientAddress(41);
// its own client address: the API caps sign-in codes per IP
test.use(CLIENT);

const SCREENS = [
  { name: 'phone 390 px, touch', options: PHONE },
  { name: 'desktop 1366 px', options: DESKTOP },
] as const;

type Screen = (typeof SCREENS)[number];

async function openContext(browser: Browser, screen: Screen, auth?: string) {
  // `auth`: a signed-in session to start with (localStorage 'auth', as the shell keeps it)
  const storageState = auth ? { cookies: [], origins: [{ origin: baseURL(), localStorage: [{ name: 'auth', value: auth }] }] } : undefined;
  const context = await browser.newContext({ ...screen.options, ...CLIENT, ...(storageState ? { storageState } : {}) });
  const page = waitingPage(await context.newPage());
  return { context, page, errors: collectErrors(page) };
}

/** A tap on a touch phone, a click on the desktop. */
async function press(screen: Screen, target: Locator) {
  if (screen.options === PHONE) await target.tap();
  else await target.click();
}

/** The product link's path of a card ("/en/products/…"): what identifies it in every language. */
const slugOf = async (card: Locator) => ((await card.getByRole('link').first().getAttribute('href')) ?? '').replace(/^\/(uz|ru|en)\/products\//, '');

/** The slugs of the product cards in a list, in order. */
const slugsIn = async (list: Locator) => Promise.all((await list.getByTestId('product-card').all()).map(slugOf));

const guestList = (page: Page) => page.evaluate(() => localStorage.getItem('favourites'));

for (const screen of SCREENS) {
  test(`a guest's favourites survive a reload and the sign-in; the account keeps them (${screen.name})`, async ({ browser }) => {
    const { context, page, errors } = await openContext(browser, screen);
    await page.goto(`${baseURL()}/en/catalog`);
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    const first = cards.nth(0);
    const second = cards.nth(1);
    const [firstName, secondName] = [await first.getByTestId('product-card-name').innerText(), await second.getByTestId('product-card-name').innerText()];
    const [firstSlug, secondSlug] = [await slugOf(first), await slugOf(second)];

    // a real toggle button whose name says what it does
    const firstHeart = first.getByRole('button', { name: `Add to favourites: ${firstName}` });
    await expect(firstHeart).toHaveAttribute('aria-pressed', 'false');
    await press(screen, firstHeart);
    await expect(first.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(first.getByRole('button', { name: `Remove from favourites: ${firstName}` })).toBeVisible();
    // the second one with the keyboard alone
    await second.getByRole('button', { name: `Add to favourites: ${secondName}` }).focus();
    await page.keyboard.press('Enter');
    await expect(second.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    // the header's heart counts them
    await expect(page.getByTestId('favourites-count')).toHaveText('2');
    await expect(page.getByTestId('favourites-link')).toHaveAccessibleName('Favourites: 2');

    // a reload keeps them (the browser's storage)
    await page.reload();
    await expect(cards.nth(0).getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.nth(1).getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('favourites-count')).toHaveText('2');

    // the favourites page, from the header: newest first, with a word that signing in keeps them
    await press(screen, page.getByTestId('favourites-link'));
    await expect(page).toHaveURL(/\/en\/favourites$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
    const favourites = page.getByTestId('catalog-page-favourites');
    await expect(favourites.getByTestId('product-card')).toHaveCount(2);
    expect(await slugsIn(favourites)).toEqual([secondSlug, firstSlug]);
    await expect(page.getByTestId('favourites-guest')).toContainText('Sign in to keep your favourites');

    // signing in, by typing the phone and the code: the list is the account's now, the browser's emptied
    const phone = freshPhone();
    await press(screen, page.getByTestId('favourites-guest').getByRole('button', { name: 'Sign in' }));
    await new SignInDialog(page).signIn(phone);
    await expect(page.getByTestId('favourites-guest')).toHaveCount(0);
    await expect.poll(() => guestList(page)).toBeNull();
    await page.reload();
    await expect(favourites.getByTestId('product-card')).toHaveCount(2);
    expect(await slugsIn(favourites)).toEqual([secondSlug, firstSlug]);
    await expect(page.getByTestId('favourites-count')).toHaveText('2');

    // another browser, as a guest first: nothing there, in Russian
    const stranger = await openContext(browser, screen);
    await stranger.page.goto(`${baseURL()}/ru/favourites`);
    await expect(stranger.page.getByTestId('favourites-empty')).toContainText('В избранном пока пусто');
    await expect(stranger.page.getByTestId('favourites-empty').getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/ru/catalog');
    await expect(stranger.page.getByTestId('favourites-link')).toHaveAccessibleName('Избранное');
    expect(stranger.errors).toEqual([]);
    await stranger.context.close();

    // another browser signed in as the same phone (the API texts one code per phone a minute, so it
    // carries the session the first one got): the account has both, with nothing in that browser's storage
    const other = await openContext(browser, screen, (await page.evaluate(() => localStorage.getItem('auth'))) ?? '');
    await other.page.goto(`${baseURL()}/ru/favourites`);
    expect(await guestList(other.page)).toBeNull();
    const otherList = other.page.getByTestId('catalog-page-favourites');
    await expect(otherList.getByTestId('product-card')).toHaveCount(2);
    expect(await slugsIn(otherList)).toEqual([secondSlug, firstSlug]);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Избранное' })).toBeVisible();
    await expect(other.page.getByTestId('favourites-link')).toHaveAccessibleName('Избранное: 2');
    const otherFirst = otherList.getByTestId('product-card').nth(0);
    const ruName = await otherFirst.getByTestId('product-card-name').innerText();
    // un-hearting one there takes it off the page and out of the account
    await press(screen, otherFirst.getByRole('button', { name: `Убрать из избранного: ${ruName}` }));
    await expect(otherList.getByTestId('product-card')).toHaveCount(1);
    await expect(other.page.getByTestId('favourites-count')).toHaveText('1');
    await expect(otherList.getByTestId('favourites-total')).toHaveText('1 товар');
    await other.page.reload();
    await expect(otherList.getByTestId('product-card')).toHaveCount(1);
    expect(await slugsIn(otherList)).toEqual([firstSlug]);

    await other.context.close();

    // the first browser reads the account again on its next page
    await page.reload();
    await expect(favourites.getByTestId('product-card')).toHaveCount(1);
    expect(await slugsIn(favourites)).toEqual([firstSlug]);

    // signing out: the hearts follow the guest's list, which the sign-in emptied
    await page.goto(`${baseURL()}/en/account`);
    await press(screen, page.getByTestId('logout'));
    await expect(page.getByTestId('site-header').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('favourites-count')).toHaveCount(0);
    await page.goto(`${baseURL()}/en/catalog`);
    await expect(cards.nth(0).getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(cards.nth(1).getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
    await press(screen, page.getByTestId('favourites-link'));
    await expect(page.getByTestId('favourites-empty')).toContainText('Your favourites are empty');
    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const screen of SCREENS) {
  test(`recently viewed: newest first on the home page; the product page leaves itself out (${screen.name})`, async ({ browser }) => {
    const { context, page, errors } = await openContext(browser, screen);
    await page.goto(`${baseURL()}/uz`);
    // nothing viewed yet: no row at all
    await expect(page.getByTestId('home-section-new')).toBeVisible();
    await expect(page.getByTestId('recently-viewed')).toHaveCount(0);

    await page.goto(`${baseURL()}/uz/catalog`);
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    const [a, b] = [await slugOf(cards.nth(2)), await slugOf(cards.nth(3))];

    await page.goto(`${baseURL()}/uz/products/${a}`);
    await expect(page.getByTestId('product-name')).toBeVisible();
    // only this product was viewed, and it is left out here
    await expect(page.getByTestId('recently-viewed')).toHaveCount(0);
    await page.goto(`${baseURL()}/uz/products/${b}`);
    const row = page.getByTestId('recently-viewed');
    await expect(row.getByRole('heading', { name: 'Yaqinda koʻrilganlar' })).toBeVisible();
    await expect(row.getByTestId('product-card')).toHaveCount(1);
    expect(await slugsIn(row)).toEqual([a]);
    // the product page's own heart
    const nameB = await page.getByTestId('product-name').innerText();
    const pageHeart = page.getByTestId('catalog-page-product').getByRole('button', { name: `Sevimlilarga qoʻshish: ${nameB}` });
    await press(screen, pageHeart);
    await expect(page.getByRole('button', { name: `Sevimlilardan olib tashlash: ${nameB}` })).toHaveAttribute('aria-pressed', 'true');

    // the home page, in English: b (opened last) first, then a; the row scrolls sideways, the page does not
    await page.goto(`${baseURL()}/en`);
    const homeRow = page.getByTestId('recently-viewed');
    await expect(homeRow.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
    await expect(homeRow.getByTestId('product-card')).toHaveCount(2);
    expect(await slugsIn(homeRow)).toEqual([b, a]);
    // b is a favourite there too
    await expect(homeRow.getByTestId('product-card').nth(0).getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // opening a again puts it first, once
    await page.goto(`${baseURL()}/en/products/${a}`);
    await expect(page.getByTestId('product-name')).toBeVisible();
    await page.goto(`${baseURL()}/en`);
    await expect(homeRow.getByTestId('product-card')).toHaveCount(2);
    expect(await slugsIn(homeRow)).toEqual([a, b]);
    expect(errors).toEqual([]);
    await context.close();
  });
}
