import { createPaymePaymentProvider, receiptStatus } from '../src/providers/payments/payme.js';
import { cardNumber } from '../src/modules/payments/cards.schema.js';
import { PaymentError, isDefiniteRefusal, maskCardNumber } from '../src/providers/payments/payment.js';
import { SANDBOX_CODE, createSandboxPaymentProvider } from '../src/providers/payments/sandbox.js';
import { RECEIPT, startFakePayme } from './fake-payme.js';

const kindOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    return err instanceof PaymentError ? err.kind : `other: ${String(err)}`;
  }
};

describe('card helpers', () => {
  // The rule itself and its table: shared/test/card-number.test.ts (the checkout's form runs it too).
  test('a card number is read as its 16 digits and Luhn-checked', () => {
    expect(cardNumber.safeParse('8600 0691-9540 6311').data).toBe('8600069195406311');
    expect(cardNumber.safeParse('8600000000000007').success).toBe(true);
    expect(cardNumber.safeParse('8600069195406312').success).toBe(false);
    expect(cardNumber.safeParse('abcd').success).toBe(false);
  });
  test('masking keeps the first six and the last four digits', () => {
    expect(maskCardNumber('8600069195406311')).toBe('860006******6311');
  });
});

describe('sandbox payments (Payme test cards, code 666666)', () => {
  const sandbox = createSandboxPaymentProvider();

  test('a test card is tokenised, confirmed with 666666 and pays a receipt', async () => {
    const card = await sandbox.createCard('8600069195406311', '03/99');
    expect(card).toMatchObject({ number: '860006******6311', expire: '03/99', verified: false });
    expect(card.token).not.toContain('9540');
    expect(await sandbox.sendVerifyCode(card.token)).toEqual({ phone: '99890*****31', waitS: 60 });
    expect(await kindOf(sandbox.verifyCard(card.token, '123456'))).toBe('CARD_CODE_INVALID');
    expect((await sandbox.verifyCard(card.token, SANDBOX_CODE)).verified).toBe(true);
    const { receiptId } = await sandbox.createReceipt({ orderId: 'B-1', amount: 100_00, items: [] });
    expect(await sandbox.payReceipt(receiptId, card.token)).toEqual({ paid: true });
  });

  test('the sandbox bank waits the configured time before another code (OTP_RESEND_S in the app)', async () => {
    const quick = createSandboxPaymentProvider(5);
    const card = await quick.createCard('8600069195406311', '03/99');
    expect(await quick.sendVerifyCode(card.token)).toEqual({ phone: '99890*****31', waitS: 5 });
  });

  test('a fresh sandbox (another process) still pays with an old token', async () => {
    const card = await sandbox.createCard('8600495473316478', '03/99');
    const other = createSandboxPaymentProvider();
    const { receiptId } = await other.createReceipt({ orderId: 'B-2', amount: 1, items: [] });
    expect(await other.payReceipt(receiptId, card.token)).toEqual({ paid: true });
  });

  test('receipts are checked and cancelled like Payme’s; one this process does not know counts as never paid', async () => {
    const card = await sandbox.createCard('8600069195406311', '03/99');
    const { receiptId } = await sandbox.createReceipt({ orderId: 'B-4', amount: 1, items: [] });
    expect(await sandbox.checkReceipt(receiptId)).toEqual({ status: 'unpaid', state: 0 });
    await sandbox.payReceipt(receiptId, card.token);
    expect(await sandbox.checkReceipt(receiptId)).toEqual({ status: 'paid', state: 4 });
    expect(await sandbox.cancelReceipt(receiptId)).toEqual({ status: 'cancelled', state: 50 });
    expect(await sandbox.checkReceipt(receiptId)).toEqual({ status: 'cancelled', state: 50 });
    expect(await kindOf(sandbox.payReceipt(receiptId, card.token))).toBe('PAYMENT_DECLINED');
    const restarted = createSandboxPaymentProvider();
    expect(await restarted.checkReceipt(receiptId)).toEqual({ status: 'unpaid', state: 0 });
    expect(await restarted.cancelReceipt(receiptId)).toEqual({ status: 'cancelled', state: 50 });
  });

  test('the empty test card fails with insufficient funds; unknown cards and wrong expiry are refused', async () => {
    const poor = await sandbox.createCard('8600000000000007', '03/99');
    const { receiptId } = await sandbox.createReceipt({ orderId: 'B-3', amount: 1, items: [] });
    expect(await kindOf(sandbox.payReceipt(receiptId, poor.token))).toBe('INSUFFICIENT_FUNDS');
    expect(await kindOf(sandbox.createCard('4111111111111111', '03/99'))).toBe('CARD_NOT_FOUND');
    expect(await kindOf(sandbox.createCard('8600069195406311', '04/30'))).toBe('CARD_EXPIRED');
    expect(await kindOf(sandbox.payReceipt(receiptId, 'sbx_forged'))).toBe('CARD_NOT_FOUND');
  });
});

describe('Payme adapter against a fake Subscribe API (JSON-RPC)', () => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let provider: ReturnType<typeof createPaymePaymentProvider>;
  beforeEach(async () => {
    payme = await startFakePayme();
    provider = createPaymePaymentProvider({ baseUrl: payme.baseUrl, merchantId: payme.merchantId, key: payme.key });
  });
  afterEach(async () => {
    await payme.close();
  });

  test('card methods use X-Auth {id}; receipt methods use {id}:{key}; receipts carry fiscal items in tiyin', async () => {
    const card = await provider.createCard('8600069195406311', '03/99');
    expect(card).toEqual({ token: 'tok_1', number: '860006******6311', expire: '03/99', verified: false, type: '22618' });
    expect(await provider.sendVerifyCode(card.token)).toEqual({ phone: '99890*****31', waitS: 60 });
    expect((await provider.verifyCard(card.token, '666666')).verified).toBe(true);
    const { receiptId } = await provider.createReceipt({
      orderId: 'B-2611-0001',
      amount: 475_000_00,
      items: [{ title: 'Elektr choynak Tefal KO2408 1,7 l', price: 450_000_00, count: 1, code: '08516001001000000', packageCode: '1495086', vatPercent: 12 }],
      shipping: { title: 'Yetkazib berish', price: 25_000_00 },
    });
    expect(await provider.payReceipt(receiptId, card.token)).toEqual({ paid: true });
    await provider.cancelReceipt(receiptId);
    await provider.removeCard(card.token);

    expect(payme.calls.map((c) => [c.method, c.auth])).toEqual([
      ['cards.create', 'shop-cashbox'],
      ['cards.get_verify_code', 'shop-cashbox'],
      ['cards.verify', 'shop-cashbox'],
      ['receipts.create', 'shop-cashbox:cashbox-key'],
      ['receipts.pay', 'shop-cashbox:cashbox-key'],
      ['receipts.cancel', 'shop-cashbox:cashbox-key'],
      ['cards.remove', 'shop-cashbox:cashbox-key'],
    ]);
    expect(payme.calls[0]!.params).toEqual({ card: { number: '8600069195406311', expire: '0399' }, save: true });
    expect(payme.calls[3]!.params).toEqual({
      amount: 475_000_00,
      account: { order_id: 'B-2611-0001' },
      detail: {
        receipt_type: 0,
        shipping: { title: 'Yetkazib berish', price: 25_000_00 },
        items: [{ title: 'Elektr choynak Tefal KO2408 1,7 l', price: 450_000_00, count: 1, code: '08516001001000000', package_code: '1495086', vat_percent: 12 }],
      },
    });
  });

  test('provider errors are classified: wrong code, expired card, insufficient funds, outage', async () => {
    expect(await kindOf(provider.createCard('8600069195406311', '01/20'))).toBe('CARD_EXPIRED');
    const card = await provider.createCard('8600069195406311', '03/99');
    expect(await kindOf(provider.verifyCard(card.token, '000000'))).toBe('CARD_CODE_INVALID');
    await provider.verifyCard(card.token, '666666');
    payme.cards.get(card.token)!.balance = 0;
    const { receiptId } = await provider.createReceipt({ orderId: 'B-1', amount: 100, items: [] });
    expect(await kindOf(provider.payReceipt(receiptId, card.token))).toBe('INSUFFICIENT_FUNDS');
    payme.state.httpFailure = true;
    expect(await kindOf(provider.createReceipt({ orderId: 'B-2', amount: 100, items: [] }))).toBe('PROVIDER_UNAVAILABLE');
    await payme.close();
    expect(await kindOf(provider.sendVerifyCode(card.token))).toBe('PROVIDER_UNAVAILABLE');
    payme = await startFakePayme();
  });
});

describe('Payme receipt states and unknown outcomes', () => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let provider: ReturnType<typeof createPaymePaymentProvider>;
  let token: string;
  beforeEach(async () => {
    payme = await startFakePayme();
    provider = createPaymePaymentProvider({ baseUrl: payme.baseUrl, merchantId: payme.merchantId, key: payme.key, timeoutMs: 1500 });
    token = (await provider.createCard('8600069195406311', '03/99')).token;
    await provider.verifyCard(token, '666666');
  });
  afterEach(async () => {
    await payme.close();
  });
  const receipt = async () => (await provider.createReceipt({ orderId: 'B-9', amount: 100, items: [] })).receiptId;
  const outcome = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'resolved';
    } catch (err) {
      return isDefiniteRefusal(err) ? `refused ${err.kind}` : 'unknown';
    }
  };

  test('Payme’s documented states map to what the shop acts on', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20, 21, 30, 50, 99].map(receiptStatus)).toEqual([
      'unpaid', 'processing', 'processing', 'processing', 'paid', 'processing', 'processing', 'processing', 'cancelling', 'processing', 'cancelled', 'processing',
    ]);
  });

  test('receipts.check follows a receipt from created to paid to cancelled (refund queued first)', async () => {
    const id = await receipt();
    expect(await provider.checkReceipt(id)).toEqual({ status: 'unpaid', state: RECEIPT.created });
    await provider.payReceipt(id, token);
    expect(await provider.checkReceipt(id)).toEqual({ status: 'paid', state: RECEIPT.paid });
    payme.state.queueCancellations = true;
    expect(await provider.cancelReceipt(id)).toEqual({ status: 'cancelling', state: RECEIPT.cancelQueued });
    expect(await provider.checkReceipt(id)).toEqual({ status: 'cancelled', state: RECEIPT.cancelled });
    expect(payme.calls.filter((c) => c.method.startsWith('receipts.')).every((c) => c.auth === 'shop-cashbox:cashbox-key')).toBe(true);
  });

  test('a time-out, a dropped connection and a 5xx leave the outcome unknown; a Payme refusal is definite', async () => {
    payme.faults.push({ method: 'receipts.pay', process: true, answer: 'late', delayMs: 2500 });
    const late = await receipt();
    expect(await outcome(provider.payReceipt(late, token))).toBe('unknown');
    expect((await provider.checkReceipt(late)).status).toBe('paid');

    payme.faults.push({ method: 'receipts.pay', process: false, answer: 'drop' });
    const dropped = await receipt();
    expect(await outcome(provider.payReceipt(dropped, token))).toBe('unknown');
    expect((await provider.checkReceipt(dropped)).status).toBe('unpaid');

    payme.faults.push({ method: 'receipts.pay', process: false, answer: 'http', status: 503 });
    expect(await outcome(provider.payReceipt(await receipt(), token))).toBe('unknown');

    payme.cards.get(token)!.balance = 0;
    expect(await outcome(provider.payReceipt(await receipt(), token))).toBe('refused INSUFFICIENT_FUNDS');
  });
});
