// Account: sign in, edit the profile, account type → support, photo upload with preview and errors,
// logout — in every language.
import { expect, test } from '../support/test';
import { AccountPage } from '../pages/AccountPage';
import { fromClientAddress } from '../support/api';
import { typeInto } from '../support/keyboard';

// its own client address: the API caps sign-in codes per IP, and these tests sign in many times
test.use(fromClientAddress(14));

// A valid 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const T = {
  uz: {
    signIn: 'Kirish', saved: 'Profil saqlandi', support: 'Hisob turini oʻzgartirish uchun mijozlarni qoʻllab-quvvatlash xizmatiga murojaat qiling.', logout: 'Chiqish',
    photoInvalid: 'JPEG, PNG yoki WebP rasmini tanlang', photoSaved: 'Rasm yuklandi',
  },
  ru: {
    signIn: 'Войти', saved: 'Профиль сохранён', support: 'Чтобы сменить тип аккаунта, обратитесь в службу поддержки.', logout: 'Выйти',
    photoInvalid: 'Выберите изображение JPEG, PNG или WebP', photoSaved: 'Фото загружено',
  },
  en: {
    signIn: 'Sign in', saved: 'Profile saved', support: 'To change the account type, contact customer support.', logout: 'Logout',
    photoInvalid: 'Choose a JPEG, PNG or WebP picture', photoSaved: 'Photo uploaded',
  },
} as const;

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`profile edit, account type → support, logout (${lang})`, async ({ page }) => {
    const account = new AccountPage(page);
    await account.open(lang);
    await account.signIn(T[lang].signIn);
    await typeInto(account.field('name'), 'Dilnoza');
    await typeInto(account.field('surname'), 'Karimova');
    await typeInto(account.field('email'), 'dilnoza@example.uz');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(T[lang].saved)).toBeVisible();
    await page.reload();
    await expect(account.field('name')).toHaveValue('Dilnoza');
    await expect(account.field('email')).toHaveValue('dilnoza@example.uz');

    await page.getByTestId('profile-account-type').selectOption('legal');
    await expect(page.getByRole('alert').filter({ hasText: T[lang].support })).toBeVisible();

    await page.getByRole('button', { name: T[lang].logout }).click();
    await expect(page.getByTestId('account-page').getByRole('button', { name: T[lang].signIn })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').isAuthenticated)).toBeFalsy();
  });
}

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`photo upload: preview, a wrong file refused, the new photo shown (${lang})`, async ({ page }) => {
    const account = new AccountPage(page);
    await account.open(lang);
    await account.signIn(T[lang].signIn);
    await page.getByTestId('photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('photo-error')).toHaveText(T[lang].photoInvalid);
    await page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('photo-preview')).toBeVisible();
    await page.getByTestId('photo-submit').click();
    await expect(page.getByText(T[lang].photoSaved)).toBeVisible();
    await expect(page.getByTestId('photo-current')).toHaveAttribute('src', /\/media\/avatars\/.+\.webp$/);
  });
}
