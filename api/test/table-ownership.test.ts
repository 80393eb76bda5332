/**
 * Every table has one owner, and only its owner writes it (docs/architecture.md "Modules by domain").
 * The owner is a module of api/src/modules (or, for the few tables infrastructure keeps, that provider's
 * folder); the table is declared in the owner's schema file, and every insert, update or delete of it in
 * api/src — through Drizzle (`db.insert(orders)`) or in SQL text (`update orders set`, `insert into
 * ${variantStock}`) — is in the owner's folder. A module that needs another's table changed calls that
 * module's index. A column may have an owner of its own: `products.total_quantity` is stock, kept by
 * inventory, in a row catalog owns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.js';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Table → the folder (under api/src) that owns it. */
const OWNERS: Record<string, string> = {
  customers: 'modules/auth',
  sessions: 'modules/auth',
  otp_codes: 'modules/auth',
  known_devices: 'modules/auth',
  rate_limits: 'providers/limits',
  sms_outbox: 'providers/sms',
  job_leases: 'lib',
  staff: 'modules/staff',
  staff_sessions: 'modules/staff',
  audit_log: 'modules/audit',
  stores: 'modules/content',
  slides: 'modules/content',
  delivery_settings: 'modules/content',
  delivery_regions: 'modules/content',
  blogs: 'modules/content',
  info_pages: 'modules/content',
  categories: 'modules/content',
  brands: 'modules/content',
  products: 'modules/catalog',
  product_categories: 'modules/catalog',
  product_listing: 'modules/catalog',
  product_words: 'modules/catalog',
  search_vocabulary: 'modules/catalog',
  variants: 'modules/catalog',
  product_options: 'modules/catalog',
  related_products: 'modules/catalog',
  generated_pictures: 'modules/catalog',
  variant_stock: 'modules/inventory',
  stock_movements: 'modules/inventory',
  cart_items: 'modules/cart',
  favourites: 'modules/favourites',
  stock_alerts: 'modules/stock-alerts',
  payment_cards: 'modules/payments',
  orders: 'modules/orders',
  order_items: 'modules/orders',
  order_stock_moves: 'modules/inventory',
  order_status_history: 'modules/orders',
  order_notes: 'modules/orders',
  checkout_transactions: 'modules/checkout-payments',
};

/** Columns kept by another owner than their table's. */
const COLUMN_OWNERS: Array<{ table: string; column: string; drizzle: string; owner: string }> = [
  { table: 'products', column: 'total_quantity', drizzle: 'totalQuantity', owner: 'modules/inventory' },
];

/** The seed and the commands are not modules: they reach tables through the modules' own seed files and services. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const tables = Object.entries(schema as Record<string, unknown>)
  .filter((entry): entry is [string, PgTable] => is(entry[1], PgTable))
  .map(([exportName, table]) => ({ exportName, name: getTableName(table) }));
const byExport = new Map(tables.map((t) => [t.exportName, t.name]));
const names = new Set(tables.map((t) => t.name));
const files = sourceFiles(SRC).map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
const ownedBy = (file: string, owner: string) => file === owner || file.startsWith(`${owner}/`);

interface Write {
  file: string;
  table: string;
  /** The statement's text from the table on (to find the columns it sets). */
  rest: string;
  line: number;
}

/** Every insert, update and delete in one file, by Drizzle call or in SQL text. */
function writesIn(file: string, text: string): Write[] {
  const found: Write[] = [];
  const at = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(?:schema\.)?([A-Za-z_]\w*)\s*\)/g)) {
    const table = byExport.get(m[2]!);
    if (table) found.push({ file, table, rest: text.slice(m.index! + m[0].length, m.index! + m[0].length + 600), line: at(m.index!) });
  }
  for (const m of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(?:schema\.)?([A-Za-z_]\w*)\s*\}|"?([a-z_]+)"?)/gi)) {
    const table = m[2] ? byExport.get(m[2]) : names.has(m[3]!.toLowerCase()) ? m[3]!.toLowerCase() : undefined;
    // `on conflict … do update set` is the insert's own; prose in comments names no table
    if (table) found.push({ file, table, rest: text.slice(m.index! + m[0].length, m.index! + m[0].length + 600), line: at(m.index!) });
  }
  return found;
}

const writes = files.flatMap(({ file, text }) => writesIn(file, text));

describe('table ownership', () => {
  test('every table has one owner, which declares it', () => {
    expect([...names].filter((name) => !OWNERS[name]).sort()).toEqual([]);
    expect(Object.keys(OWNERS).filter((name) => !names.has(name)).sort()).toEqual([]);
    const declaredOutside = tables.flatMap(({ name }) => {
      const declaring = files.filter(({ text }) => new RegExp(`pgTable\\(\\s*['"]${name}['"]`).test(text)).map(({ file }) => file);
      // the owner's schema file: modules/orders/orders.tables.ts, providers/sms/sms.tables.ts
      return declaring.length === 1 && ownedBy(declaring[0]!, OWNERS[name]!) && declaring[0]!.endsWith('.tables.ts') ? [] : [`${name}: declared in ${declaring.join(', ') || 'nothing'}, owned by ${OWNERS[name]}`];
    });
    expect(declaredOutside).toEqual([]);
  });

  test('the scan finds the writes it is meant to find', () => {
    // A scan that matched nothing would pass every file: it must see the writes the owners are known to make.
    const seen = (table: string, folder: string) => writes.some((w) => w.table === table && ownedBy(w.file, folder));
    expect([seen('orders', 'modules/orders'), seen('variant_stock', 'modules/inventory'), seen('stock_alerts', 'modules/stock-alerts'), seen('favourites', 'modules/favourites')]).toEqual([true, true, true, true]);
    expect(writesIn('x.ts', 'await tx.update(variantStock).set({ quantity: 1 }); sql`insert into ${stockMovements} (a) values (1)`; sql`UPDATE orders SET status = 1`').map((w) => w.table)).toEqual([
      'variant_stock',
      'stock_movements',
      'orders',
    ]);
  });

  test('only a table’s owner writes it', () => {
    // a column's own owner writes its column in a row another owns (held to that column by the next test)
    const columnOwner = (w: Write) => COLUMN_OWNERS.some((c) => c.table === w.table && ownedBy(w.file, c.owner));
    const strays = writes.filter((w) => !ownedBy(w.file, OWNERS[w.table]!) && !columnOwner(w)).map((w) => `${w.file}:${w.line} writes ${w.table} (owned by ${OWNERS[w.table]})`);
    expect(strays).toEqual([]);
  });

  test('a column with an owner of its own is written by that owner only', () => {
    const strays = COLUMN_OWNERS.flatMap(({ table, column, drizzle, owner }) =>
      writes
        .filter((w) => w.table === table && !ownedBy(w.file, owner))
        .filter((w) => new RegExp(`\\b(${column}|${drizzle})\\b`).test(w.rest.split(/\bwhere\b|\.where\(|;/i)[0]!))
        .map((w) => `${w.file}:${w.line} sets ${table}.${column} (kept by ${owner})`),
    );
    expect(strays).toEqual([]);
  });
});
