// The notes the shop writes into an order's history by itself are codes (PAYMENT_CONFIRMED, INSUFFICIENT_FUNDS…):
// staff read them in words, in their own language, and never a payment provider's internal text; a staff
// member's own note stays as typed, and a code the back office does not know stays as it is.
import { act, screen } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { OrderDetail } from '../src/api/types';
import { historyNote } from '../src/components/orders/OrderHistory';
import { i18n } from '../src/i18n';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

type Entry = OrderDetail['timeline'][number];
type Payment = Entry['payment_status'];
const LABELS: Record<Payment, string> = { pending: 'Not paid', checking: 'Being checked', paid: 'Paid', failed: 'Payment failed', refund_pending: 'Refund under way', refunded: 'Refunded' };
const entry = (status: Entry['status'], payment: Payment, note: string | null, staff: Entry['staff'] = null): Entry => ({
  status,
  status_label: status,
  payment_status: payment,
  payment_status_label: LABELS[payment],
  at: '2026-11-26T11:07:00Z',
  staff,
  note,
});
const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const notes = () => screen.getAllByTestId('order-history-entry').map((li) => li.querySelector('[data-testid="order-history-note"]')?.textContent ?? null);

async function historyIn(lang: 'uz' | 'ru' | 'en', timeline: Entry[]) {
  act(() => setLanguage(lang));
  fakeApi({ 'GET /api/admin/orders/BZ-100007': { body: { order: orderDetail({ number: 'BZ-100007', payment_method: 'card', timeline }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100007', staffMember('operator'));
  await screen.findByTestId('order-timeline');
  return notes();
}

// BZ-100007 as the reviewer saw it: the slow bank, then paid; and a refused card, cancelled
const slowBank = [
  entry('new', 'pending', null),
  entry('new', 'checking', 'payment PROVIDER_UNAVAILABLE: the test bank took the money but did not answer in time'),
  entry('new', 'paid', 'PAYMENT_CONFIRMED'),
  entry('cancelled', 'failed', 'INSUFFICIENT_FUNDS'),
];

test('in Uzbek: the bank’s silence, the confirmation and the refusal in words, without the provider’s text', async () => {
  expect(await historyIn('uz', slowBank)).toEqual([
    null,
    ' — Bank oʻz vaqtida javob bermadi: kartadan pul yechilgan-yechilmagani hali nomaʼlum. Doʻkon bankdan oʻzi qayta soʻraydi.',
    ' — Bank toʻlovni tasdiqladi.',
    ' — Kartada mablagʻ yetarli emas.',
  ]);
  expect(screen.getByTestId('order-timeline').textContent).not.toMatch(/test bank|PROVIDER_UNAVAILABLE|PAYMENT_CONFIRMED|INSUFFICIENT_FUNDS/);
});

test('in Russian', async () => {
  expect(await historyIn('ru', slowBank)).toEqual([
    null,
    ' — Банк не ответил вовремя: пока неизвестно, списаны ли деньги с карты. Магазин сам спросит банк ещё раз.',
    ' — Банк подтвердил оплату.',
    ' — На карте недостаточно средств.',
  ]);
});

test('a checkout a crash left unsettled (the code CHECKOUT_INTERRUPTED, or an older row’s words) reads in words, in Russian', async () => {
  expect(await historyIn('ru', [entry('new', 'pending', null), entry('new', 'checking', 'CHECKOUT_INTERRUPTED'), entry('new', 'checking', 'checkout interrupted')])).toEqual([
    null,
    ' — Оформление прервалось: магазин выясняет у банка, списаны ли деньги с карты.',
    ' — Оформление прервалось: магазин выясняет у банка, списаны ли деньги с карты.',
  ]);
  expect(screen.getByTestId('order-timeline').textContent).not.toMatch(/CHECKOUT_INTERRUPTED|checkout interrupted/);
});

test('a staff member’s own note stays as typed, even in capitals; an unknown code stays as it is', async () => {
  const dilnoza = { id: 7, name: 'Dilnoza Karimova' };
  expect(
    await historyIn('en', [
      entry('new', 'pending', null),
      entry('cancelled', 'pending', 'INSUFFICIENT_FUNDS', dilnoza),
      entry('cancelled', 'pending', 'Customer asked by phone', dilnoza),
      entry('cancelled', 'failed', 'SOMETHING_NEW'),
      entry('cancelled', 'failed', 'Courier Aziz, +998 90 000 00 00'),
    ]),
  ).toEqual([null, ' — INSUFFICIENT_FUNDS', ' — Customer asked by phone', ' — SOMETHING_NEW', ' — Courier Aziz, +998 90 000 00 00']);
});

describe('every code the API writes has its words in each language', () => {
  const t = (lang: string) => ((key: string, options?: Record<string, unknown>) => i18n.t(key, { ...options, lng: lang })) as (key: string, options?: Record<string, unknown>) => string;
  const cases: Array<[string, Payment, string]> = [
    ['PAYMENT_CONFIRMED', 'paid', 'The bank confirmed the payment.'],
    ['PAYMENT_NOT_CONFIRMED', 'failed', 'The bank did not confirm the payment, so the order was cancelled. If the card was charged, the money is returned.'],
    ['CASH_HOLD_EXPIRED', 'pending', 'Nobody confirmed the order in time: it was cancelled and the goods went back on sale.'],
    ['CHECKOUT_EXPIRED', 'failed', 'The time to pay ran out: the order was cancelled and the goods went back on sale.'],
    ['PAYME_PAID', 'paid', 'Paid on the Payme page.'],
    ['CLICK_PAID', 'paid', 'Paid on the Click page.'],
    ['PAYME_CANCELLED', 'failed', 'Payme cancelled the payment before it was made: the order was cancelled and the goods went back on sale.'],
    ['CLICK_CANCELLED', 'failed', 'Click cancelled the payment before it was made: the order was cancelled and the goods went back on sale.'],
    ['PAYME_REFUNDED', 'refunded', 'Payme returned the money.'],
    ['CLICK_REFUNDED', 'refunded', 'Click returned the money.'],
    ['CLICK_REVERSAL_REFUSED', 'refund_pending', 'Click refused to reverse the payment: the refund is to be made in Click’s merchant cabinet.'],
    ['UNEXPECTED', 'checking', 'An unexpected error during the payment: whether the card was charged is not known yet. The shop asks the bank again by itself.'],
    ['CARD_INVALID', 'failed', 'The card number is not valid.'],
    ['CARD_EXPIRED', 'failed', 'The card has expired.'],
    ['CARD_NOT_FOUND', 'failed', 'The bank did not find the card.'],
    ['CARD_CODE_INVALID', 'failed', 'The SMS code was wrong.'],
    ['CARD_CODE_EXPIRED', 'failed', 'The SMS code had expired.'],
    ['INSUFFICIENT_FUNDS', 'failed', 'Insufficient funds on the card.'],
    ['PAYMENT_DECLINED', 'failed', 'The bank declined the payment.'],
    // a charge that failed before it reached the bank: the card was not charged
    ['PROVIDER_UNAVAILABLE', 'failed', 'The payment service did not answer. The card was not charged.'],
    ['payment PAYMENT_DECLINED: receipts.pay -31630 (Недостаточно средств)', 'failed', 'The bank declined the payment.'],
    ['PAYMENT_NOT_CONFIRMED: receipt cancelled', 'failed', 'The bank did not confirm the payment, so the order was cancelled. If the card was charged, the money is returned.'],
    // the API writes the code now; older rows hold the plain words
    ['CHECKOUT_INTERRUPTED', 'checking', 'The checkout was interrupted: the shop is asking the bank whether the card was charged.'],
    ['checkout interrupted', 'checking', 'The checkout was interrupted: the shop is asking the bank whether the card was charged.'],
  ];
  test.each(cases)('%s', (note, payment, words) => {
    const row = entry('new', payment, note);
    expect(historyNote(row, t('en'))).toBe(words);
    for (const lang of ['uz', 'ru']) {
      const said = historyNote(row, t(lang));
      expect(said).not.toBe(words);
      expect(said).not.toMatch(/[A-Z]{2,}_|historyNote/);
    }
  });

  test('the provider’s text after an unknown code is not shown either', () => {
    expect(historyNote(entry('new', 'failed', 'payment CARD_BLOCKED: internal provider detail'), t('en'))).toBe('CARD_BLOCKED');
  });
});
