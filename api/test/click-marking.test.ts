/**
 * Marking codes on an order line, set through the orders module's marking service, going on Click's fiscal
 * receipt (as Labels, with the shop's PINFL) when Click completes the payment. The back office's side of
 * marking codes: marking-labels.test.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { clickSign } from '../src/modules/checkout-payments/click-shop.js';
import { clickReceiptOf } from '../src/modules/checkout-payments/fiscal-receipt.js';
import { createMarkingService } from '../src/modules/orders/marking.js';
import { type TestApp, createTestApp, signIn } from './helpers.js';
import { CLICK, checkoutKit } from './checkout-helpers.js';
import { startFakeClickApi } from './support/click-shop.js';

describe('marking codes on an order line (pglite)', () => {
  let t: TestApp;
  let token: string;
  let ofd: Awaited<ReturnType<typeof startFakeClickApi>>;
  const CODE = '04780069000130aB!"%&1';

  beforeAll(async () => {
    ofd = await startFakeClickApi();
    t = await createTestApp('pglite', { seed: true, env: { PAYMENT_PROVIDER: 'none', ...CLICK, CLICK_API_URL: ofd.url, CLICK_FISCAL_TIN: '12345678901234' } });
    token = await signIn(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await ofd.close();
  });

  test('staff set a marked line’s codes; bad ones are refused; the codes go on Click’s fiscal receipt', async () => {
    const kit = checkoutKit(t, () => token);
    const v = await kit.freshVariant();
    await t.database.db.execute(sql`update products set marked = true where id = ${v.product_id}`);
    const order = await kit.place('click', v);
    const [line] = await queryRows<{ id: number }>(t.database.db, sql`select oi.id from order_items oi join orders o on o.id = oi.order_id where o.number = ${order.number}`);
    const marking = createMarkingService({ db: t.database.db, receiptState: clickReceiptOf });
    await expect(marking.setLabels(order.number, line!.id, ['0478006900013'])).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 422 });
    await expect(marking.setLabels(order.number, line!.id, [CODE, CODE])).rejects.toMatchObject({ status: 422 });
    await expect(marking.setLabels(order.number, 999_999, [CODE])).rejects.toMatchObject({ status: 404 });
    expect((await marking.setLabels(order.number, line!.id, [CODE])).labels).toEqual([CODE]);

    const sign = (f: Record<string, string>, complete: boolean) => ({ ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, complete) });
    const base = { click_trans_id: '1', service_id: CLICK.CLICK_SERVICE_ID, click_paydoc_id: '77', merchant_trans_id: order.number, amount: `${order.total}.00`, error: '0', error_note: 'Success', sign_time: '2026-11-22 09:00:00' };
    const post = async (url: string, f: Record<string, string>) =>
      (await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(f).toString() })).json();
    const p = await post('/api/payments/click/prepare', sign({ ...base, action: '0' }, false));
    expect((await post('/api/payments/click/complete', sign({ ...base, action: '1', merchant_prepare_id: String(p.merchant_prepare_id) }, true))).error).toBe(0);
    expect(ofd.calls[0]!.body).toMatchObject({ items: [{ Labels: [CODE], CommissionInfo: { PINFL: '12345678901234' } }] });
  });
});
