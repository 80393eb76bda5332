/**
 * Marking codes scanned in by staff (`PUT /api/admin/orders/:number/items/:item_id/labels`) and the Click
 * fiscal receipt that waits for them: a paid Click order with a marked line sends nothing at Complete; the
 * last line's codes send the receipt once, with `Labels`; bad codes are a 422 naming the problem and send
 * nothing. A code sold once, codes before the payment, a refused receipt, roles, a store account's scope and
 * the statuses in which codes may be set: marking-labels-rules.test.ts.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer } from './helpers.js';
import { type FakeOfd, markingDesk } from './support/marking-desk.js';

describe.each(DB_KINDS)('marking codes from the back office (%s)', (kind) => {
  let t: TestApp;
  let ofd: FakeOfd;
  let shopper: string;
  let trans = 9000;
  let CODES: string[] = [];
  const { tokens, admin, setLabels, detail, product, place, payWithClick, auditRows, fiscalOf, open, nextTest, close } = markingDesk(kind, () => ++trans);

  beforeAll(async () => {
    ({ t, ofd, shopper } = await open());
  }, 180_000);
  beforeEach(() => {
    CODES = nextTest();
  });
  afterAll(async () => {
    await close();
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
});
