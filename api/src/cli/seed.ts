/**
 * `pnpm seed [--products N] [--seed S] [--replace] [--pictures]`
 *
 * Without options: seeds the demo shop into an empty database (what `pnpm start` does).
 * With `--products N`: a deterministic catalogue of N products (benchmarks: 100000); the
 * stores, slides and delivery settings are seeded too when missing. An existing catalogue is
 * kept unless `--replace` is given, which empties the catalogue tables first (shoppers' carts
 * go with them). `--pictures` draws every picture now instead of on first request.
 * Uses DATABASE_URL, or the embedded database under DATA_DIR (stop the API first: PGlite has
 * one connection), and the media store MEDIA_STORAGE names (MEDIA_DIR, or the S3 bucket).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase, queryRows } from '../db/client.js';
import { DATABASE_LIMITS } from '../db/limits.js';
import { catalogIsEmpty, seedCatalog } from '../modules/catalog/index.js';
import { STOCK_TABLES } from '../modules/inventory/index.js';
import { createMediaStores } from '../providers/media/index.js';
import { buildCatalog, catalogPictures, renderPictures } from '../seed/catalog/index.js';
import { seedShop } from '../seed/shop.js';

interface Args {
  products?: number;
  seed: number;
  replace: boolean;
  pictures: boolean;
}

const CATALOG_TABLES = ['search_vocabulary', 'cart_items', 'related_products', 'product_options', ...STOCK_TABLES, 'variants', 'product_categories', 'products', 'brands', 'categories', 'blogs', 'info_pages', 'generated_pictures'];

function parseArgs(argv: string[]): Args | string {
  const args: Args = { seed: 1, replace: false, pictures: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (name ?? arg) {
      case '--products': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 2_000_000) return '--products must be a whole number from 1 to 2000000';
        args.products = n;
        break;
      }
      case '--seed': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0) return '--seed must be a whole number';
        args.seed = n;
        break;
      }
      case '--replace':
        args.replace = true;
        break;
      case '--pictures':
        args.pictures = true;
        break;
      case '--':
        break;
      default:
        return `unknown option ${arg}`;
    }
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\nUsage: pnpm seed [--products N] [--seed S] [--replace] [--pictures]\n`);
    return 2;
  }
  const config = loadConfig();
  // An operator's command over the whole catalogue (100 000 products' batches, `truncate`, `vacuum analyze`):
  // each statement gets the long-job budget rather than a request's (db/limits.ts); the whole run has none.
  const long = DATABASE_LIMITS.longJobMs;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2, limits: { statementMs: long, lockMs: long, idleInTransactionMs: long } });
  // MEDIA_STORAGE decides where slides and pictures go: MEDIA_DIR or the bucket.
  const { media } = createMediaStores(config);
  const say = (text: string) => process.stdout.write(`${text}\n`);
  try {
    const { db } = database;
    const [stores] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores`);
    // Each part is one transaction: a run stopped half-way leaves that part unwritten (and a replaced
    // catalogue as it was), so running it again finishes the job instead of finding "already seeded".
    if (Number(stores?.n ?? 0) === 0) {
      say('seeding stores, slides and delivery settings');
      await db.transaction((tx) => seedShop(tx, media));
    }
    if (!(await catalogIsEmpty(db))) {
      if (!args.replace) {
        say('the catalogue is already seeded; pass --replace to rebuild it');
        return 0;
      }
      say('emptying the catalogue');
    }
    const started = Date.now();
    const catalog = buildCatalog({ products: args.products, seed: args.seed });
    say(`generated ${catalog.products.length} products in ${Date.now() - started} ms; writing`);
    await db.transaction(async (tx) => {
      if (args.replace) await tx.execute(sql.raw(`truncate ${CATALOG_TABLES.join(', ')} restart identity cascade`));
      await seedCatalog(tx, catalog, say);
    });
    // Planner statistics, and the visibility map that lets the listing's covering index and the word
    // index answer index-only: without VACUUM a freshly loaded catalogue reads the heap for every row
    // until autovacuum comes by (100 000 products: filter p95 39 ms and search 71 ms instead of 17 and 9).
    await db.execute(sql`vacuum analyze`);
    say(`catalogue seeded: ${catalog.products.length} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (args.pictures) {
      const drawn = await renderPictures(catalogPictures(catalog), (key, data) => media.put(key, data));
      say(`drew ${drawn} pictures into ${config.media.storage === 's3' ? `S3 bucket ${config.media.s3.bucket}` : config.mediaDir}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
