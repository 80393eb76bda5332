/**
 * Click's SHOP API callbacks as Click sends them (form-encoded, MD5-signed) and Click's fiscal receipt, on a
 * live configuration (the sandbox pages: checkout-sandbox.test.ts): the pay link, Prepare and Complete against
 * each state of a payment, the receipt's lines, and the refusals. Races with the expiry of unpaid orders:
 * click-shop-expiry.test.ts; marking codes on the receipt: click-marking.test.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp } from './helpers.js';
import { checkoutKit } from './checkout-helpers.js';
import { type FakeClickApi, clickCalls, closeClickShop, nextClickTest, openClickShop } from './support/click-shop.js';

describe.each(DB_KINDS)('Click SHOP API (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;
  let ofd: FakeClickApi;
  let trans = 1000;
  const { form, call, prepared } = clickCalls(() => t, () => kit, { now: () => trans, next: () => trans++ });

  beforeAll(async () => {
    ({ t, ofd } = await openClickShop(kind));
    kit = checkoutKit(t, () => token);
  }, 120_000);
  beforeEach(async () => {
    token = await nextClickTest(t, ofd);
  });
  afterAll(async () => {
    await closeClickShop(t, ofd);
  });

  test("a click order answers pay_url to Click's page, naming the order by its number", async () => {
    const order = await kit.place('click', await kit.freshVariant());
    const url = new URL(order.pay_url!);
    expect(`${url.origin}${url.pathname}`).toBe('https://my.click.uz/services/pay');
    expect(url.searchParams.get('transaction_param')).toBe(order.number);
  });

  test('Prepare and Complete name the order by its number as the pay link does, not by its row id or in another case', async () => {
    const { order, prepareId } = await prepared();
    const { id: rowId } = (await kit.view(order.number)) as { id: number };
    for (const ref of [String(rowId), order.number.toLowerCase(), ` ${order.number}`]) {
      expect(await call('prepare', form({ ...order, number: ref }, '0'))).toMatchObject({ error: -5, merchant_trans_id: ref });
    }
    for (const ref of [String(rowId), order.number.toLowerCase()]) {
      expect((await call('complete', form({ ...order, number: ref }, '1', { merchant_prepare_id: prepareId }))).error).toBe(-5);
    }
    expect((await kit.view(order.number)).payment_status).toBe('pending');
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId }))).error).toBe(0);
  });

  test('Prepare then Complete pays the order once, texts the shopper, and submits the fiscal receipt to Click', async () => {
    const { order, prepareId } = await prepared();
    // Prepare again with the same click_trans_id: the same answer.
    expect(await call('prepare', form(order, '0'))).toMatchObject({ error: 0, merchant_prepare_id: Number(prepareId) });
    const done = await call('complete', form(order, '1', { merchant_prepare_id: prepareId }));
    expect(done).toMatchObject({ error: 0, error_note: 'Success', merchant_confirm_id: Number(prepareId), merchant_trans_id: order.number });
    expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'paid' });
    expect(kit.texts(order.number)).toEqual([`Bozor: your order ${order.number} is now "Received". Thank you!`]);
    // Repeats: Complete is -4 "Already paid" (Click's documented answer), Prepare too; nothing more happens.
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId }))).error).toBe(-4);
    expect((await call('prepare', form(order, '0'))).error).toBe(-4);
    expect(kit.texts(order.number)).toHaveLength(1);
    // the audit log says Click paid it, once
    expect(await kit.audit(order.number)).toEqual([
      {
        actor: { kind: 'provider', name: 'click' },
        action: 'order.payment',
        before: { status: 'new', payment_status: 'pending' },
        after: { status: 'new', payment_status: 'paid', transaction: String(trans), _provider: 'click' },
      },
    ]);

    expect(ofd.calls).toHaveLength(1);
    const [sent] = ofd.calls;
    expect(sent!.url).toBe('/v2/merchant/payment/ofd_data/submit_items');
    expect(sent!.auth).toMatch(/^333:[0-9a-f]{40}:\d{10}$/);
    const item = (await kit.view(order.number)).items[0];
    // the goods' line (and the delivery's, when the courier cost a fee: the test below); all that was paid
    expect(sent!.body).toMatchObject({ service_id: 777, payment_id: trans + 5_000_000, received_card: order.total * 100 });
    expect((sent!.body.items as unknown[])[0]).toMatchObject({
      SPIC: item.mxit,
      PackageCode: item.mxit_unit,
      GoodPrice: item.price * 100,
      Price: item.price * 100,
      Amount: 1,
      VATPercent: 12,
      VAT: Math.round((item.price * 100 * 12) / 112),
      CommissionInfo: { TIN: '123456789' },
    });
    expect(sent!.body.items).toHaveLength(order.delivery_fee > 0 ? 2 : 1);
  });

  test('a paid delivery fee is a line of the fiscal receipt, and the receipt counts all that was paid', async () => {
    trans++;
    // the cheapest product: under the free-delivery threshold, so the courier costs a fee
    const [cheap] = await queryRows<{ product_id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 3
          order by v.price_individual limit 1`,
    );
    const order = await kit.place('click', cheap!);
    expect(order.delivery_fee).toBeGreaterThan(0);
    const p = await call('prepare', form(order, '0'));
    expect((await call('complete', form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id) }))).error).toBe(0);
    await t.app.services.checkout.click.idle();

    expect(ofd.calls).toHaveLength(1);
    const body = ofd.calls[0]!.body as { received_card: number; items: Array<Record<string, unknown>> };
    const fee = order.delivery_fee * 100;
    expect(body.items).toHaveLength(2);
    expect(body.items[1]).toEqual({
      Name: 'Yetkazib berish',
      SPIC: '10112006002000000',
      PackageCode: '1545617',
      GoodPrice: fee,
      Price: fee,
      Amount: 1,
      VAT: Math.round((fee * 12) / 112),
      VATPercent: 12,
      CommissionInfo: { TIN: '123456789' },
    });
    // what Click took from the card, to the tiyin: goods and delivery
    expect(body.received_card).toBe(order.total * 100);
    expect(body.items.reduce((sum, i) => sum + (i.Price as number), 0)).toBe(order.total * 100);
  });

  // Prepare and Complete against each state of the payment: none, prepared, completed, cancelled.
  const cases: Array<[string, 'none' | 'prepared' | 'completed' | 'cancelled', number]> = [
    ['complete', 'none', -6],
    ['complete', 'prepared', 0],
    ['complete', 'completed', -4],
    ['complete', 'cancelled', -9],
    ['prepare', 'prepared', 0],
    ['prepare', 'completed', -4],
    ['prepare', 'cancelled', -9],
  ];
  test.each(cases)('%s on a %s payment answers %p', async (action, state, code) => {
    const { order, prepareId } = await prepared();
    const id = state === 'none' ? '999999' : prepareId;
    if (state === 'completed') expect((await call('complete', form(order, '1', { merchant_prepare_id: id }))).error).toBe(0);
    if (state === 'cancelled') expect((await call('complete', form(order, '1', { merchant_prepare_id: id, error: '-5017', error_note: 'Insufficient funds' }))).error).toBe(-9);
    const answer = action === 'prepare' ? await call('prepare', form(order, '0')) : await call('complete', form(order, '1', { merchant_prepare_id: id }));
    expect(answer.error).toBe(code);
  });

  test('a payment Click could not take (error < 0) cancels the order and gives the stock back', async () => {
    const { v, order, prepareId } = await prepared();
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock - 1);
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId, error: '-5017', error_note: 'Insufficient funds' }))).error).toBe(-9);
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    expect(await kit.audit(order.number)).toEqual([
      {
        actor: { kind: 'provider', name: 'click' },
        action: 'order.payment',
        before: { status: 'new', payment_status: 'pending' },
        after: { status: 'cancelled', payment_status: 'failed', transaction: String(trans), reason: -5017, _provider: 'click' },
      },
    ]);
  });

  test('a wrong signature is -1 and changes nothing; a wrong amount -2; an unknown order -5; missing fields -8; wrong action -3', async () => {
    trans++;
    const order = await kit.place('click', await kit.freshVariant());
    const good = form(order, '0');
    expect((await call('prepare', { ...good, sign_string: '0'.repeat(32) })).error).toBe(-1);
    expect((await call('prepare', { ...good, amount: `${order.total + 1}.00` })).error).toBe(-1);
    expect((await kit.view(order.number)).payment_status).toBe('pending');
    expect((await call('prepare', form(order, '0', { amount: `${order.total + 1}.00` }))).error).toBe(-2);
    expect((await call('prepare', form({ ...order, number: 'BZ-999999999' }, '0'))).error).toBe(-5);
    const { sign_string: _dropped, ...unsigned } = good;
    expect((await call('prepare', unsigned)).error).toBe(-8);
    expect((await call('prepare', form(order, '1', { merchant_prepare_id: '1' }))).error).toBe(-3);
    const p = await call('prepare', good);
    expect(p.error).toBe(0);
    expect((await call('complete', { ...form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id) }), sign_string: 'f'.repeat(32) })).error).toBe(-1);
    expect((await call('complete', form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id), amount: '1.00' }))).error).toBe(-2);
    expect((await kit.view(order.number)).payment_status).toBe('pending');
  });
});
