/**
 * The rules around marking codes: a unit's code is sold once (unless its order was cancelled), codes scanned
 * before the payment go on the receipt at Complete, a receipt Click refuses is recorded and not sent again,
 * every order role may set codes (a store account only on its store's pickup orders), and the goods do not
 * leave without them.
 */
import { DB_KINDS, type TestApp, bearer } from './helpers.js';
import { type FakeOfd, markingDesk } from './support/marking-desk.js';

describe.each(DB_KINDS)('marking codes from the back office (%s)', (kind) => {
  let t: TestApp;
  let ofd: FakeOfd;
  let storeId: number;
  let otherStoreId: number;
  let shopper: string;
  let trans = 9000;
  let CODES: string[] = [];
  const { freshCodes, admin, setLabels, detail, move, product, place, payWithClick, auditRows, open, nextTest, close } = markingDesk(kind, () => ++trans);

  beforeAll(async () => {
    ({ t, ofd, shopper, storeId, otherStoreId } = await open());
  }, 180_000);
  beforeEach(() => {
    CODES = nextTest();
  });
  afterAll(async () => {
    await close();
  });

  test('a code already on another order is refused (a unit is sold once), unless that order was cancelled', async () => {
    const unit = (n: number) => `04600000000055DDD${String(n).padStart(4, '0')}`;
    const first = await place('cash', [[await product(true), 1]]);
    const saved = await setLabels('operator', first.number, first.items[0]!.id, [unit(1)]);
    expect([saved.statusCode, saved.body]).toEqual([200, expect.anything()]);
    const second = await place('cash', [[await product(true), 2]]);
    const refused = await setLabels('manager', second.number, second.items[0]!.id, [unit(2), unit(1)]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check the data you entered.',
      fields: { labels: 'This code is already on another order: each unit is sold once. Scan the unit again.', 'labels.1': 'This code is already on another order: each unit is sold once. Scan the unit again.' },
      problem: 'taken',
      quantity: 2,
      taken_by: { [unit(1)]: first.number },
    });
    expect((await detail(second.number)).items[0].labels).toEqual([]);
    // a store account is told the code is taken, but not the number of an order it may not see (a courier's)
    const atCounter = await place('cash', [[await product(true), 1]], { type: 'pickup', store_id: storeId });
    const hidden = await setLabels('store', atCounter.number, atCounter.items[0]!.id, [unit(1)]);
    expect([hidden.statusCode, hidden.json().error.problem, hidden.json().error.taken_by]).toEqual([422, 'taken', { [unit(1)]: null }]);
    // one of its own store's pickups it may name
    expect((await setLabels('store', atCounter.number, atCounter.items[0]!.id, [unit(7)])).statusCode).toBe(200);
    const ownOther = await place('cash', [[await product(true), 1]], { type: 'pickup', store_id: storeId });
    expect((await setLabels('store', ownOther.number, ownOther.items[0]!.id, [unit(7)])).json().error.taken_by).toEqual({ [unit(7)]: atCounter.number });
    // the same line may keep (or save again) its own codes
    expect((await setLabels('operator', first.number, first.items[0]!.id, [unit(1)])).statusCode).toBe(200);
    // once the first order is cancelled, its unit is back on the shelf and may be sold again
    expect((await admin('owner', 'POST', `/api/admin/orders/${first.number}/status`, { status: 'cancelled', note: 'Customer changed their mind' })).statusCode).toBe(200);
    expect((await setLabels('manager', second.number, second.items[0]!.id, [unit(2), unit(1)])).statusCode).toBe(200);
  });

  test('codes scanned before the payment go on the receipt at Complete; two last lines saved at once send it once', async () => {
    const early = await place('click', [[await product(true), 1]]);
    expect((await setLabels('operator', early.number, early.items[0]!.id, [CODES[0]!])).statusCode).toBe(200);
    expect(ofd.calls).toHaveLength(0);
    expect((await detail(early.number)).fiscal_receipt).toBeNull();
    await payWithClick(early);
    expect(ofd.calls).toHaveLength(1);
    expect(ofd.calls[0]!.body.items[0]).toMatchObject({ Labels: [CODES[0]] });

    ofd.calls.length = 0;
    const order = await place('click', [[await product(true), 1], [await product(true), 1]]);
    await payWithClick(order);
    const answers = await Promise.all(order.items.map((item, i) => setLabels('operator', order.number, item.id, [CODES[i + 1]!])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(ofd.calls).toHaveLength(1);
    expect(ofd.calls[0]!.body.items.map((i) => i.Labels)).toEqual([[CODES[1]], [CODES[2]]]);
    expect((await detail(order.number)).fiscal_receipt).toBe('sent');
  });

  test('a receipt Click refuses, or a call that fails, is recorded for staff and not sent again', async () => {
    for (const [answer, state] of [[{ error_code: -5, error_note: 'Invalid label' }, 'refused'], ['fail', 'not_sent']] as const) {
      CODES = freshCodes();
      ofd.calls.length = 0;
      ofd.state.answer = answer;
      const order = await place('click', [[await product(true), 1]]);
      await payWithClick(order);
      const res = await setLabels('operator', order.number, order.items[0]!.id, [CODES[0]!]);
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ fiscal_receipt: state, labels_editable: false });
      expect((await setLabels('operator', order.number, order.items[0]!.id, [CODES[1]!])).json().error.code).toBe('LABELS_ON_RECEIPT');
      expect(ofd.calls).toHaveLength(1);
    }
  });

  test('every order role may set codes; a store account only on its own store’s pickup orders', async () => {
    const courierOrder = await place('cash', [[await product(true), 1]]);
    const mine = await place('cash', [[await product(true), 1]], { type: 'pickup', store_id: storeId });
    const theirs = await place('cash', [[await product(true), 1]], { type: 'pickup', store_id: otherStoreId });
    for (const [i, role] of (['owner', 'manager', 'operator'] as const).entries()) {
      expect([role, (await setLabels(role, courierOrder.number, courierOrder.items[0]!.id, [CODES[i]!])).statusCode]).toEqual([role, 200]);
    }
    // Not told that orders outside its store exist.
    expect((await setLabels('store', courierOrder.number, courierOrder.items[0]!.id, [CODES[3]!])).statusCode).toBe(404);
    expect((await setLabels('store', theirs.number, theirs.items[0]!.id, [CODES[3]!])).statusCode).toBe(404);
    const own = await setLabels('store', mine.number, mine.items[0]!.id, [CODES[3]!]);
    expect(own.statusCode).toBe(200);
    expect(own.json().order.items[0].labels).toEqual([CODES[3]]);
    // Strangers and shoppers are not staff.
    const url = `/api/admin/orders/${mine.number}/items/${mine.items[0]!.id}/labels`;
    expect((await t.app.inject({ method: 'PUT', url, payload: { labels: [CODES[0]] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: bearer(shopper), payload: { labels: [CODES[0]] } })).statusCode).toBe(401);
    expect((await auditRows(theirs.number))).toHaveLength(0);
    expect((await auditRows(courierOrder.number)).map((r) => r.after.labels)).toEqual([[CODES[0]], [CODES[1]], [CODES[2]]]);
    // The same codes again change nothing and write no audit row.
    expect((await setLabels('owner', courierOrder.number, courierOrder.items[0]!.id, [CODES[2]!])).statusCode).toBe(200);
    expect(await auditRows(courierOrder.number)).toHaveLength(3);
  });

  test('codes may be set until the goods leave; the goods do not leave without them', async () => {
    const order = await place('cash', [[await product(true), 1], [await product(false), 1]]);
    const line = order.items[0]!.id;
    for (const status of ['confirmed', 'assembling']) {
      expect((await move(order.number, status)).statusCode).toBe(200);
      expect((await setLabels('operator', order.number, line, [status === 'confirmed' ? CODES[0]! : CODES[1]!])).statusCode).toBe(200);
    }
    expect((await move(order.number, 'shipping')).statusCode).toBe(200);
    const closed = await setLabels('operator', order.number, line, [CODES[2]!]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'LABELS_CLOSED', status: 'shipping' });
    expect((await detail(order.number)).labels_editable).toBe(false);

    // Without codes, "Hand to courier" and "Picked up" are refused, naming the item; a wrong move is still the state machine's.
    const unscanned = await place('cash', [[await product(true), 1]]);
    await move(unscanned.number, 'confirmed');
    expect((await move(unscanned.number, 'shipping')).json().error.code).toBe('INVALID_TRANSITION');
    await move(unscanned.number, 'assembling');
    const refused = await move(unscanned.number, 'shipping');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'LABELS_MISSING', items: [unscanned.items[0]!.id] });
    expect(refused.json().error.message).toMatch(/^Scan the marking codes first: .+\.$/);
    expect((await detail(unscanned.number)).status).toBe('assembling');

    const pickup = await place('cash', [[await product(true), 1]], { type: 'pickup', store_id: storeId });
    for (const status of ['confirmed', 'assembling', 'ready_for_pickup']) expect((await move(pickup.number, status)).statusCode).toBe(200);
    expect((await move(pickup.number, 'picked_up')).json().error.code).toBe('LABELS_MISSING');
    // At the counter the codes can still be scanned; then the customer takes the goods.
    expect((await setLabels('store', pickup.number, pickup.items[0]!.id, [CODES[3]!])).statusCode).toBe(200);
    expect((await move(pickup.number, 'picked_up')).statusCode).toBe(200);

    // A cancelled order sold nothing: no codes.
    const cancelled = await place('cash', [[await product(true), 1]]);
    expect((await move(cancelled.number, 'cancelled')).statusCode).toBe(200);
    expect((await setLabels('operator', cancelled.number, cancelled.items[0]!.id, [CODES[0]!])).json().error.code).toBe('LABELS_CLOSED');
  });
});
