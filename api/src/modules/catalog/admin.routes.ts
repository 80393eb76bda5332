import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { checkedParts } from '../../http/hardening.js';
import { requireStaff } from '../../http/staff-auth.js';
import {
  imagesOrderBody,
  importApplied,
  importReport,
  lookupsAnswer,
  lowStockList,
  lowStockQuery,
  movementAnswer,
  movementBody,
  movementsList,
  movementsQuery,
  productAnswer,
  productCreateBody,
  productIdParams,
  productPatchBody,
  productsList,
  productsQuery,
  variantIdParams,
} from './admin.schema.js';
import { IMAGE_MAX_BYTES, IMAGES_PER_PRODUCT } from './product-images.js';

/** Who reads the catalogue in the back office. */
const READ = ['owner', 'manager', 'operator'] as const;
/** Who changes it (products, prices, stock, pictures, CSV import). */
const WRITE = ['owner', 'manager'] as const;
/** The low-stock list: also a store account, for its own store. */
const LOW_STOCK = ['owner', 'manager', 'operator', 'store'] as const;

const CSV_MAX_BYTES = 10 * 1024 * 1024;

/** The uploaded files of `field` (and the text fields) of a multipart request; a file too large is a 422 naming the field. */
async function multipart(request: FastifyRequest, field: string, limits: { files: number; fileSize: number }) {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 422, { fields: { [field]: 'required' } });
  const files: Array<{ name: string; data: Buffer }> = [];
  const fields = new Map<string, string>();
  try {
    for await (const part of checkedParts(request, { limits: { ...limits, fields: 10, parts: limits.files + 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== field) {
          part.file.resume();
          continue;
        }
        files.push({ name: part.filename, data: await part.toBuffer() });
      } else if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(field === 'image' ? 'IMAGE_INVALID' : 'VALIDATION_FAILED', 422, { fields: { [field]: field === 'image' ? 'invalid' : 'too_long' }, cause: err });
    }
    throw err;
  }
  return { files, fields };
}

/** The back office's catalogue: products, pictures, stock movements, low stock, CSV import and export (docs/back-office.md). */
export async function adminCatalogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { adminProducts, adminStock, catalogImport } = app.services;

  app.get(
    '/api/admin/catalog/lookups',
    { config: { access: 'staff', roles: READ, summary: 'Categories (with their path), brands, stores (code = CSV column) and the default low-stock threshold, for the product form.' }, schema: { response: { 200: lookupsAnswer } } },
    async (request) => adminProducts.lookups(request.lang),
  );

  app.get(
    '/api/admin/products',
    {
      config: {
        access: 'staff',
        roles: READ,
        summary: 'Products with the shop’s own search (`q`, any language, typos, SKU) and filters: category (with sub-categories), brand, visibility, stock (none/low/in_stock), missing translation, archived.',
      },
      schema: { querystring: productsQuery, response: { 200: productsList } },
    },
    async (request) => adminProducts.list(request.query, request.lang),
  );

  app.post(
    '/api/admin/products',
    {
      config: { access: 'staff', roles: WRITE, summary: 'Creates a product with its variants (and their first stock, as `received` movements); 409 SKU_TAKEN / SLUG_TAKEN name the field.' },
      schema: { body: productCreateBody, response: { 201: productAnswer } },
    },
    async (request, reply) => reply.status(201).send({ product: await adminProducts.create(await requireStaff(request), request.body, request.lang) }),
  );

  app.get(
    '/api/admin/products/:id',
    { config: { access: 'staff', roles: READ }, schema: { params: productIdParams, response: { 200: productAnswer } } },
    async (request) => ({ product: await adminProducts.get(request.params.id, request.lang) }),
  );

  app.patch(
    '/api/admin/products/:id',
    {
      config: {
        access: 'staff',
        roles: WRITE,
        summary: 'Changes any of the product’s fields; `variants` is the whole list (with `id`: updated, without: new, left out: deleted). `archived: false` brings an archived product back (hidden unless `visibility` is given).',
      },
      schema: { params: productIdParams, body: productPatchBody, response: { 200: productAnswer } },
    },
    async (request) => ({ product: await adminProducts.update(await requireStaff(request), request.params.id, request.body, request.lang) }),
  );

  app.delete(
    '/api/admin/products/:id',
    {
      config: { access: 'staff', roles: WRITE, summary: 'Archives the product: gone from the shop (lists, search, sitemap; its page is a 404), kept for old orders.' },
      schema: { params: productIdParams, response: { 200: productAnswer } },
    },
    async (request) => ({ product: await adminProducts.archive(await requireStaff(request), request.params.id, request.lang) }),
  );

  app.post(
    '/api/admin/products/:id/images',
    {
      config: {
        access: 'staff',
        roles: WRITE,
        summary: `multipart/form-data, one or more JPEG, PNG or WebP files in the field \`image\` (each ≤ 10 MB; at most ${IMAGES_PER_PRODUCT} a product); re-encoded to WebP and appended. Anything else (SVG, HTML…) is a 422 IMAGE_INVALID.`,
      },
      schema: { params: productIdParams, response: { 201: productAnswer } },
    },
    async (request, reply) => {
      const ctx = await requireStaff(request);
      const { files } = await multipart(request, 'image', { files: IMAGES_PER_PRODUCT, fileSize: IMAGE_MAX_BYTES });
      const product = await adminProducts.addImages(ctx, request.params.id, files.map((f) => f.data), request.lang);
      return reply.status(201).send({ product });
    },
  );

  app.put(
    '/api/admin/products/:id/images',
    {
      config: { access: 'staff', roles: WRITE, summary: 'Sets the order of the product’s pictures (`keys`); pictures left out are deleted.' },
      schema: { params: productIdParams, body: imagesOrderBody, response: { 200: productAnswer } },
    },
    async (request) => ({ product: await adminProducts.setImages(await requireStaff(request), request.params.id, request.body.keys, request.lang) }),
  );

  app.post(
    '/api/admin/variants/:id/stock-movements',
    {
      config: {
        access: 'staff',
        roles: WRITE,
        summary:
          'A stock change in one store: `received` (units added), `damaged` (units removed; 409 STOCK_INSUFFICIENT beyond what is there), `correction` (the new count). With `expected_quantity` (the count the form showed), 409 STOCK_CHANGED if it moved meanwhile, whatever the reason: a delivery saved again after a lost answer is not counted twice. The row is locked as checkout locks it.',
      },
      schema: { params: variantIdParams, body: movementBody, response: { 201: movementAnswer } },
    },
    async (request, reply) => reply.status(201).send(await adminStock.move(await requireStaff(request), request.params.id, request.body, request.lang)),
  );

  app.get(
    '/api/admin/variants/:id/stock-movements',
    {
      config: { access: 'staff', roles: READ, summary: 'The variant’s stock history, newest first: staff movements (received, correction, damaged, import) and the orders’ takes and give-backs.' },
      schema: { params: variantIdParams, querystring: movementsQuery, response: { 200: movementsList } },
    },
    async (request) => adminStock.history(request.params.id, request.query, request.lang),
  );

  app.get(
    '/api/admin/stock/low',
    {
      config: { access: 'staff', roles: LOW_STOCK, summary: 'Variants under their low-stock threshold per store (a store account: its own store), fewest first.' },
      schema: { querystring: lowStockQuery, response: { 200: lowStockList } },
    },
    async (request) => adminStock.lowStock(await requireStaff(request), request.query, request.lang),
  );

  app.get(
    '/api/admin/catalog/export',
    { config: { access: 'staff', roles: READ, summary: 'The whole catalogue as CSV (text/csv, UTF-8 with BOM, `;`): one row per variant, the import’s format.' } },
    async (_request, reply) => {
      const csv = await catalogImport.exportCsv();
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bozor-catalog-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/admin/catalog/import/dry-run',
    {
      config: { access: 'staff', roles: WRITE, summary: 'multipart/form-data, the CSV in `file`: every change and every bad row (row number, reason in X-LANG); nothing is written. Returns the `token` for apply.' },
      schema: { response: { 200: importReport } },
    },
    async (request) => {
      await requireStaff(request);
      const { files } = await multipart(request, 'file', { files: 1, fileSize: CSV_MAX_BYTES });
      const file = files[0];
      if (!file || file.data.length === 0) throw new AppError('VALIDATION_FAILED', 422, { fields: { file: 'required' } });
      return catalogImport.dryRun(file.data, file.name, request.lang);
    },
  );

  app.post(
    '/api/admin/catalog/import/apply',
    {
      config: {
        access: 'staff',
        roles: WRITE,
        summary:
          'multipart/form-data: `token` from the dry run and the same CSV in `file`. Applies all of it in one transaction or nothing: 422 IMPORT_INVALID (with the report) when a row is bad, 409 IMPORT_STALE when the catalogue changed since the dry run, 503 IMPORT_TIMED_OUT when it ran past its 60 s budget (undone as a whole).',
      },
      schema: { response: { 200: importApplied } },
    },
    async (request) => {
      const ctx = await requireStaff(request);
      const { files, fields } = await multipart(request, 'file', { files: 1, fileSize: CSV_MAX_BYTES });
      const file = files[0];
      if (!file || file.data.length === 0) throw new AppError('VALIDATION_FAILED', 422, { fields: { file: 'required' } });
      const token = fields.get('token');
      if (!token) throw new AppError('VALIDATION_FAILED', 422, { fields: { token: 'required' } });
      return catalogImport.apply(ctx, file.data, file.name, token, request.lang);
    },
  );
}
