// The sign-in dialog's other answers, against the real API: "You Are Already Logged In", the legal-entity
// message, too many wrong codes, and a code asked for again too soon (the countdown restarts from the
// server's Retry-After).
import { expect, test } from '../support/test';
import { SignInDialog, codeFor, freshPhone } from '../pages/SignInDialog';
import { fromClientAddress } from '../support/api';
import { baseURL } from '../support/shop';
import { typeInto } from '../support/keyboard';

// this spec asks for about 10 codes: its own client address keeps them off the other specs' per-IP cap
test.use(fromClientAddress(12));

const T = {
  uz: {
    already: 'Siz allaqachon tizimga kirgansiz',
    legal: 'Yuridik shaxslar uchun hisob ochish boʻyicha mijozlarni qoʻllab-quvvatlash xizmatiga murojaat qiling.',
    wrong: 'Kod notoʻgʻri.',
    tooMany: 'Urinishlar soni tugadi. Yangi kod oling.',
  },
  ru: {
    already: 'Вы уже вошли в систему',
    legal: 'Для регистрации юридического лица обратитесь в службу поддержки клиентов.',
    wrong: 'Неверный код.',
    tooMany: 'Превышено число попыток. Запросите новый код.',
  },
  en: {
    already: 'You Are Already Logged In',
    legal: 'Legal entities: please contact customer support to open an account.',
    wrong: 'The code is wrong.',
    tooMany: 'Too many wrong tries. Request a new code.',
  },
} as const;

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`a signed-in shopper who opens sign-in sees "You Are Already Logged In" (${lang})`, async ({ page, context }) => {
    // the dialog is open in one tab while the shopper signs in in another
    await page.goto(`${baseURL()}/${lang}`);
    await page.getByTestId('sign-in').click();
    await expect(page.getByTestId('signin-phone')).toBeVisible();
    const other = await context.newPage();
    await other.goto(`${baseURL()}/${lang}`);
    await other.getByTestId('sign-in').click();
    await new SignInDialog(other).signIn();
    await expect(page.getByTestId('signin-already')).toHaveText(T[lang].already);
    await expect(page.getByTestId('signin-phone')).toHaveCount(0);
    await expect(page.getByTestId('account-link')).toBeVisible();
  });

  test(`a legal entity is told to contact customer support (${lang})`, async ({ page }) => {
    await page.goto(`${baseURL()}/${lang}`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('signin-type-legal').check();
    const dialog = new SignInDialog(page);
    await dialog.requestCode(freshPhone());
    await expect(dialog.error()).toHaveText(T[lang].legal);
    await expect(page.getByTestId('signin-code')).toHaveCount(0);
  });
}

for (const lang of ['en', 'uz'] as const) {
  test(`five wrong codes kill the code: the right one is refused after them (${lang})`, async ({ page }) => {
    await page.goto(`${baseURL()}/${lang}`);
    await page.getByTestId('sign-in').click();
    const dialog = new SignInDialog(page);
    const phone = freshPhone();
    const code = await codeFor(phone, await dialog.requestCode(phone));
    // five different wrong codes (the same value typed again would not count as a change)
    const wrongs = ['10000', '20000', '30000', '40000', '50000', '60000'].filter((c) => c !== code);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await typeInto(page.getByTestId('signin-code'), wrongs[attempt - 1]!);
      // typing clears the last answer, so each check below sees this attempt's answer
      await expect(dialog.error()).toHaveCount(0);
      await page.getByTestId('signin-verify').click();
      await expect(dialog.error()).toHaveText(attempt < 5 ? T[lang].wrong : T[lang].tooMany);
    }
    await dialog.enterCode(code);
    await expect(dialog.error()).toHaveText(T[lang].tooMany);
    await expect(dialog.dialog()).toBeVisible();
  });
}

test('a code asked for again too soon: the countdown restarts from Retry-After', async ({ page }) => {
  await page.goto(`${baseURL()}/en`);
  await page.getByTestId('sign-in').click();
  const dialog = new SignInDialog(page);
  const phone = freshPhone();
  await dialog.requestCode(phone);
  await expect(page.getByTestId('signin-countdown')).toBeVisible();
  await page.getByRole('button', { name: 'Change the number' }).click();
  await dialog.requestCode(phone);
  // "Change the number" stopped the countdown; the server refuses (429 with Retry-After), and the code
  // input is back with a countdown that only the Retry-After can have started
  await expect(dialog.error()).toHaveText(/^You can request a new code in \d+ s\.$/);
  const seconds = Number(/(\d+) s\.$/.exec((await dialog.error().textContent())!)![1]);
  const countdown = page.getByTestId('signin-countdown');
  await expect(countdown).toHaveText(/^Resend code in \d+ s$/);
  const left = Number(/(\d+)/.exec((await countdown.textContent())!)![1]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(seconds);
  expect(seconds).toBeLessThanOrEqual(60);
  await expect(page.getByTestId('signin-code')).toBeVisible();
});

test("strangers asked for a shopper's codes: the browser passes the check by itself and the shopper signs in", async ({ page, playwright }) => {
  const phone = freshPhone();
  // six other networks ask for this phone's codes: the phone's hourly share for unknown clients is used up
  for (let i = 0; i < 6; i++) {
    const stranger = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${20 + i}` } });
    const res = await stranger.post(`${baseURL()}/api/auth/send-otp`, { data: { phone: `+998${phone}` } });
    expect(res.status()).toBe(i < 5 ? 200 : 429);
    await stranger.dispose();
  }
  await page.goto(`${baseURL()}/en`);
  await page.getByTestId('sign-in').click();
  const dialog = new SignInDialog(page);
  // the API asks this browser for a puzzle first; the page solves it and asks again, without a word to the shopper
  const solved = page.waitForRequest((r) => r.url().endsWith('/api/auth/send-otp') && (r.postData() ?? '').includes('"puzzle"'));
  const asked = await dialog.requestCode(phone);
  await solved;
  await expect(page.getByTestId('signin-countdown')).toBeVisible();
  await dialog.enterCode(await codeFor(phone, asked));
  await expect(dialog.dialog()).toBeHidden();
  await expect(page.getByTestId('account-link')).toBeVisible();
});

test('a signed-in shopper\'s pages come from the server with "My account", a guest\'s again after sign-out', async ({ page }) => {
  const serverHeader = async (path: string) => {
    const html = await (await page.request.get(`${baseURL()}${path}`)).text();
    return { account: html.includes('data-testid="account-link"'), signIn: html.includes('data-testid="sign-in"') };
  };
  await page.goto(`${baseURL()}/uz`);
  expect(await serverHeader('/uz/catalog')).toEqual({ account: false, signIn: true });
  await page.getByTestId('sign-in').click();
  await new SignInDialog(page).signIn();
  await expect(page.getByTestId('account-link')).toBeVisible();
  // the cookie carries no token: only that this browser keeps a session
  const cookie = (await page.context().cookies()).find((c) => c.name === 'bz_in');
  expect(cookie?.value).toBe('1');
  expect(await serverHeader('/uz/catalog')).toEqual({ account: true, signIn: false });
  // hydrated as drawn: the link stays, and no mismatch is reported
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(`${baseURL()}/uz/catalog`);
  await expect(page.getByTestId('account-link')).toBeVisible();
  await page.getByTestId('account-link').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  expect(await serverHeader('/uz/catalog')).toEqual({ account: false, signIn: true });
  expect(problems).toEqual([]);
});
