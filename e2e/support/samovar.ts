// The product the back-office catalogue spec (tests/back-office-catalog.spec.ts) creates, finds, sells
// and reprices: a samovar no demo product resembles, so the search can only find this one, with two
// variants whose SKUs are new on every run.

export const NAME = { uz: 'Elektr samovar Xorazm', ru: 'Электрический самовар Хорезм', en: 'Electric samovar Khorezm' };
export const DESCRIPTION = { uz: 'Choy uchun 5 litrli samovar', ru: 'Самовар на 5 литров для чая', en: 'A 5-litre samovar for tea' };
/** How a shopper might misspell it in Russian. */
export const MISSPELT_RU = 'самавар хорезм';
export const STAMP = Date.now().toString(36).toUpperCase();
export const SKU_WHITE = `E2E-SAM-${STAMP}-W`;
export const SKU_BLACK = `E2E-SAM-${STAMP}-B`;
/** The white variant's price for individuals, before and after the CSV import. */
export const PRICE = 450_000;
export const NEW_PRICE = 399_000;
