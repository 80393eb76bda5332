/**
 * Marking codes scanned in by staff (`PUT /api/admin/orders/:number/items/:item_id/labels`) and the Click
 * fiscal receipt that waits for them: a paid Click order with a marked line sends nothing at Complete; the
 * last line's codes send the receipt once, with `Labels`; bad codes are a 422 naming the problem and send
 * nothing; roles and a store account's scope; the audit row; the statuses in which codes may be set; the
 * goods not leaving without their codes.
 */
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { type StaffRole } from '../src/db/schema/index.js';
import { clickSign } from '../src/modules/checkout-payments/click-shop.js';
import { CLICK } from './checkout-helpers.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn, staffCode } from './helpers.js';

/** Click's fiscal API (submit_items): records each call; answers `answer` (or fails with HTTP 502). */
async function startFakeOfd() {
  const calls: Array<{ url: string; body: { payment_id: number; items: Array<Record<string, unknown>> } }> = [];
  const state = { answer: { error_code: 0, error_note: 'Success' } as { error_code: number; error_note: string } | 'fail' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', body: JSON.parse(raw) as (typeof calls)[number]['body'] });
      if (state.answer === 'fail') return res.writeHead(502).end('bad gateway');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state.answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/merchant`, calls, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Four marking codes of a test's own units (a unit's code is sold once, so no two tests share one): GS1's
 * serial characters, digits and letters in each.
 */
let CODES: string[] = [];
let codeSet = 0;
function freshCodes(): string[] {
  const n = String(++codeSet).padStart(2, '0');
  return [`04780069000130aB!"%${n}`, `04780069000130aB!&%${n}`, `0478006900013012_?${n}5`, `04600000000017X-./${n}0`];
}
const PHONES: Record<StaffRole, string> = { owner: '+998901120001', manager: '+998901120002', operator: '+998901120003', store: '+998901120004' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };

describe.each(DB_KINDS)('marking codes from the back office (%s)', (kind) => {
  let t: TestApp;
  let ofd: Awaited<ReturnType<typeof startFakeOfd>>;
  let shopper: string;
  const tokens = {} as Record<StaffRole, string>;
  let storeId: number;
  let otherStoreId: number;
  let keys = 0;
  let trans = 9000;
  /** Single-variant products with plenty of stock, taken one per call. */
  let products: Array<{ id: number; variant_id: number }> = [];

  async function staffSignIn(phone: string): Promise<string> {
    t.clock.advance(61);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }
  const admin = (role: StaffRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(tokens[role]), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });
  const setLabels = (role: StaffRole, number: string, itemId: number, labels: string[]) => admin(role, 'PUT', `/api/admin/orders/${number}/items/${itemId}/labels`, { labels });
  const detail = async (number: string) => (await admin('owner', 'GET', `/api/admin/orders/${number}`)).json().order;
  const move = (number: string, status: string) =>
    admin('owner', 'POST', `/api/admin/orders/${number}/status`, status === 'cancelled' ? { status, note: 'Customer changed their mind' } : { status });

  /** A fresh product, marked or not. */
  async function product(marked: boolean) {
    const p = products.shift();
    if (!p) throw new Error('out of test products');
    await t.database.db.execute(sql`update products set marked = ${marked} where id = ${p.id}`);
    return p;
  }

  /** Places an order of `lines` ([product, quantity]) through the shop's API. */
  async function place(method: 'click' | 'cash', lines: Array<[{ id: number; variant_id: number }, number]>, delivery: object = courier) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': `marking-${kind}-${keys++}`, 'x-lang': 'en' },
      payload: { items: lines.map(([p, quantity]) => ({ product_id: p.id, variant_id: p.variant_id, quantity })), delivery, receiver, payment: { method } },
    });
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    const order = res.json().order as { number: string; total: number };
    const items = await queryRows<{ id: number; product_id: number }>(t.database.db, sql`select oi.id::int as id, oi.product_id from order_items oi join orders o on o.id = oi.order_id where o.number = ${order.number} order by oi.id`);
    return { ...order, items };
  }

  /** Click's Prepare and Complete for the order, signed as Click signs them. */
  async function payWithClick(order: { number: string; total: number }) {
    trans++;
    const base = { click_trans_id: String(trans), service_id: CLICK.CLICK_SERVICE_ID, click_paydoc_id: String(trans + 5_000_000), merchant_trans_id: order.number, amount: `${order.total}.00`, error: '0', error_note: 'Success', sign_time: '2026-11-22 09:00:00' };
    const post = async (action: 'prepare' | 'complete', f: Record<string, string>) => {
      const signed = { ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, action === 'complete') };
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/click/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(signed).toString() });
      return res.json() as { error: number; merchant_prepare_id?: number };
    };
    const p = await post('prepare', { ...base, action: '0' });
    expect(p.error).toBe(0);
    expect((await post('complete', { ...base, action: '1', merchant_prepare_id: String(p.merchant_prepare_id) })).error).toBe(0);
    return trans + 5_000_000;
  }

  const auditRows = (number: string) =>
    queryRows<{ staff_id: number | null; before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.database.db,
      sql`select staff_id, before, after from audit_log where action = 'order.labels_set' and entity_id = ${number} order by id`,
    );
  const fiscalOf = async (number: string) =>
    (await queryRows<{ fiscal: Record<string, unknown> | null }>(t.database.db, sql`select t.fiscal from checkout_transactions t join orders o on o.id = t.order_id where o.number = ${number}`))[0]?.fiscal;

  beforeAll(async () => {
    ofd = await startFakeOfd();
    t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', ...CLICK, CLICK_API_URL: ofd.url, CLICK_FISCAL_TIN: '123456789', ORDER_OPEN_UNPAID_MAX: '1000' } });
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id`);
    [storeId, otherStoreId] = [stores[0]!.id, stores[1]!.id];
    products = await queryRows<{ id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id, min(v.id)::int as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and not p.marked
          group by p.id having count(*) = 1 order by p.id desc limit 30`,
    );
    for (const p of products) {
      await t.database.db.execute(sql`delete from variant_stock where variant_id = ${p.variant_id}`);
      await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) select ${p.variant_id}, id, 100 from stores`);
      await t.database.db.execute(sql`update products set total_quantity = 100 * (select count(*) from stores) where id = ${p.id}`);
    }
    await t.app.services.staff.add({ command: 'test' }, { phone: PHONES.owner, name: 'Owner Odina', role: 'owner', storeId: null }, 'en');
    tokens.owner = await staffSignIn(PHONES.owner);
    for (const role of ['manager', 'operator', 'store'] as const) {
      const res = await admin('owner', 'POST', '/api/admin/staff', { phone: PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: storeId } : {}) });
      expect(res.statusCode).toBe(201);
      tokens[role] = await staffSignIn(PHONES[role]);
    }
    shopper = await signIn(t, '+998935551133');
  }, 180_000);
  beforeEach(() => {
    CODES = freshCodes();
    ofd.calls.length = 0;
    ofd.state.answer = { error_code: 0, error_note: 'Success' };
  });
  afterAll(async () => {
    await t.close();
    await ofd.close();
  });

  test('the seeded marked products order as marked lines; the admin order says what is missing', async () => {
    const [seeded] = await queryRows<{ id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id, min(v.id)::int as variant_id from products p join variants v on v.product_id = p.id where p.slug = 'polaris-pwk-1783-2-l' and p.marked group by p.id`,
    );
    expect(seeded).toBeDefined();
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products where marked`))[0]!.n).toBe(6);
    const plain = await product(false);
    const order = await place('cash', [[seeded!, 2], [plain, 1]]);
    const o = await detail(order.number);
    expect(o).toMatchObject({ labels_missing: 2, labels_editable: true, fiscal_receipt: null });
    expect(o.items.map((i: { id: number; marked: boolean; labels: string[] }) => [i.id, i.marked, i.labels])).toEqual([
      [order.items[0]!.id, true, []],
      [order.items[1]!.id, false, []],
    ]);
    // The shopper's own view says nothing of marking.
    const mine = (await t.app.inject({ url: `/api/orders/${order.number}`, headers: bearer(shopper) })).json().order;
    expect(JSON.stringify(mine)).not.toMatch(/marked|labels/);
  });

  test('a paid Click order with a marked line waits for its codes; the last codes send the receipt once, with Labels', async () => {
    const [kettle, iron, plain] = [await product(true), await product(true), await product(false)];
    const order = await place('click', [[kettle, 2], [iron, 1], [plain, 1]]);
    await payWithClick(order);
    // Paid, but no receipt yet: the codes are scanned when the order is assembled.
    expect(ofd.calls).toHaveLength(0);
    expect(await fiscalOf(order.number)).toMatchObject({ OFD: { waiting: 'labels' } });
    expect(await detail(order.number)).toMatchObject({ payment_status: 'paid', labels_missing: 3, fiscal_receipt: 'waiting_for_labels', labels_editable: true });

    const [kettleLine, ironLine, plainLine] = order.items.map((i) => i.id);
    const first = await setLabels('operator', order.number, kettleLine!, [CODES[0]!, ` ${CODES[1]!}\n`]);
    expect(first.statusCode).toBe(200);
    expect(first.json().order).toMatchObject({ labels_missing: 1, fiscal_receipt: 'waiting_for_labels' });
    expect(first.json().order.items[0]).toMatchObject({ id: kettleLine, marked: true, labels: [CODES[0], CODES[1]] });
    expect(ofd.calls).toHaveLength(0);

    const last = await setLabels('manager', order.number, ironLine!, [CODES[2]!]);
    expect(last.statusCode).toBe(200);
    expect(last.json().order).toMatchObject({ labels_missing: 0, fiscal_receipt: 'sent', labels_editable: false });
    expect(ofd.calls).toHaveLength(1);
    expect(ofd.calls[0]!.url).toBe('/v2/merchant/payment/ofd_data/submit_items');
    expect(ofd.calls[0]!.body.payment_id).toBe(trans + 5_000_000);
    expect(ofd.calls[0]!.body.items).toEqual([
      expect.objectContaining({ Amount: 2, Labels: [CODES[0], CODES[1]] }),
      expect.objectContaining({ Amount: 1, Labels: [CODES[2]] }),
      expect.not.objectContaining({ Labels: expect.anything() }),
    ]);
    expect(await fiscalOf(order.number)).toEqual({ OFD: { error_code: 0, error_note: 'Success' } });

    // The receipt carries the codes now: they cannot change, and nothing is sent again.
    const again = await setLabels('owner', order.number, ironLine!, [CODES[3]!]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'LABELS_ON_RECEIPT', message: 'The fiscal receipt with these codes has already been sent through Click: they can no longer be changed.' });
    expect((await setLabels('owner', order.number, plainLine!, [])).statusCode).toBe(409);
    expect(ofd.calls).toHaveLength(1);

    // Audited in the write's transaction, before → after, with who did it.
    const rows = await auditRows(order.number);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ staff_id: expect.any(Number), before: { item_id: kettleLine, labels: [] }, after: { item_id: kettleLine, labels: [CODES[0], CODES[1]] } });
    expect(rows[1]).toMatchObject({ before: { item_id: ironLine, labels: [] }, after: { item_id: ironLine, labels: [CODES[2]] } });
    expect(rows[0]!.staff_id).not.toBe(rows[1]!.staff_id);
  });

  test('bad codes are a 422 naming the problem, in the staff member’s language; nothing is saved or sent', async () => {
    const [marked, plain] = [await product(true), await product(false)];
    const order = await place('click', [[marked, 2], [plain, 1]]);
    await payWithClick(order);
    const [line, plainLine] = order.items.map((i) => i.id);
    const cases: Array<[string[], string, Record<string, string>]> = [
      [[CODES[0]!], 'count', { labels: 'One code per unit: enter as many codes as the line has units.' }],
      [[], 'count', { labels: 'One code per unit: enter as many codes as the line has units.' }],
      [
        [CODES[0]!, '0478006900013'],
        'format',
        { labels: 'A marking code is 21 characters: a 14-digit GTIN and a 7-character serial.', 'labels.1': 'A marking code is 21 characters: a 14-digit GTIN and a 7-character serial.' },
      ],
      [[CODES[0]!, CODES[0]!], 'duplicate', { labels: 'This code is entered twice: each unit has its own code.', 'labels.1': 'This code is entered twice: each unit has its own code.' }],
    ];
    for (const [labels, problem, fields] of cases) {
      const res = await setLabels('operator', order.number, line!, labels);
      expect([problem, res.statusCode]).toEqual([problem, 422]);
      expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields, problem, quantity: 2 });
    }
    const notMarked = await setLabels('operator', order.number, plainLine!, [CODES[0]!]);
    expect(notMarked.statusCode).toBe(422);
    expect(notMarked.json().error).toMatchObject({ fields: { labels: 'This item is not marked: it takes no codes.' }, problem: 'not_marked' });
    // In Russian and Uzbek too.
    const ru = await t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.number}/items/${line}/labels`, headers: { ...bearer(tokens.owner), 'x-lang': 'ru' }, payload: { labels: [CODES[0]] } });
    expect(ru.json().error.fields.labels).toBe('Нужен один код на каждую единицу: кодов должно быть столько же, сколько штук.');
    const uz = await t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.number}/items/${line}/labels`, headers: { ...bearer(tokens.owner), 'x-lang': 'uz' }, payload: { labels: ['x', 'y'] } });
    expect(uz.json().error.fields.labels).toBe('Markirovka kodi 21 belgidan iborat: 14 raqamli GTIN va 7 belgili seriya raqami.');
    // A body that is not a list of codes is the schema's 422; a line of another order is 404.
    expect((await admin('owner', 'PUT', `/api/admin/orders/${order.number}/items/${line}/labels`, { labels: 'x' })).statusCode).toBe(422);
    expect((await admin('owner', 'PUT', `/api/admin/orders/${order.number}/items/${line}/labels`, { labels: [], extra: 1 })).statusCode).toBe(422);
    const other = await place('cash', [[await product(true), 1]]);
    expect((await setLabels('owner', order.number, other.items[0]!.id, [CODES[0]!])).statusCode).toBe(404);
    expect((await setLabels('owner', 'BZ-999999999', line!, [CODES[0]!])).statusCode).toBe(404);

    expect(ofd.calls).toHaveLength(0);
    expect(await auditRows(order.number)).toHaveLength(0);
    expect((await detail(order.number)).items.map((i: { labels: string[] }) => i.labels)).toEqual([[], []]);
    expect(await fiscalOf(order.number)).toMatchObject({ OFD: { waiting: 'labels' } });
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
