import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DB_KINDS, type TestApp, createTestApp } from './helpers.js';

const R = '/backend/api/ext/v1/resources';

describe.each(DB_KINDS)('resized media ?w= (%s)', (kind) => {
  let t: TestApp;
  let productImage: string;
  let slideImage: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    const list = await t.app.inject({ method: 'POST', url: `${R}/products`, payload: { per_page: 1 } });
    const slug = (list.json().data as { slug: string }[])[0]!.slug;
    productImage = (await t.app.inject({ url: `${R}/product/${slug}` })).json().product.images[0].url;
    slideImage = (await t.app.inject({ url: '/api/content/slides' })).json().data[0].image_url;
  });
  afterAll(async () => {
    await t.close();
  });

  test('a catalogue picture is served as WebP at the asked width, with long-lived cache headers', async () => {
    for (const w of [160, 320]) {
      const res = await t.app.inject({ url: `${productImage}?w=${w}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(w); // catalogue pictures are square: the aspect ratio is kept
    }
  });

  test('a slide is resized too, and a width over the original is never enlarged', async () => {
    const res = await t.app.inject({ url: `${slideImage}?w=640` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 213]);
    const product = await sharp((await t.app.inject({ url: `${productImage}?w=960` })).rawPayload).metadata();
    expect(product.width).toBe(480); // the catalogue pictures are 480 px wide
  });

  test('each size is drawn once, kept under DATA_DIR/media-cache and read from there afterwards', async () => {
    const url = `${productImage}?w=480`;
    const first = await t.app.inject({ url });
    expect(first.headers['x-media-cache']).toBe('miss');
    const file = path.join(t.config.dataDir, 'media-cache', 'w480', productImage.replace(/^\/media\//, ''));
    expect(fs.existsSync(file)).toBe(true);
    // the cached file is what is served: change it on disk and the answer follows
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#000' } }).webp().toBuffer();
    fs.writeFileSync(file, marker);
    const second = await t.app.inject({ url });
    expect(second.headers['x-media-cache']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, marker)).toBe(0);
    fs.rmSync(file);
    const redrawn = await t.app.inject({ url });
    expect(redrawn.headers['x-media-cache']).toBe('miss');
    expect((await sharp(redrawn.rawPayload).metadata()).width).toBe(480);
  });

  test('concurrent first requests of one size all get the same picture', async () => {
    const url = `${slideImage}?w=960`;
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ url })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.headers['x-media-cache'] === 'miss').length).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  test('widths outside the whitelist are a 400; unknown pictures stay 404; no ?w= serves the original', async () => {
    for (const w of ['100', '0', '-160', 'abc', '160.5', '9999999']) {
      const res = await t.app.inject({ url: `${productImage}?w=${w}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(res.json().error.fields).toHaveProperty('w');
    }
    expect((await t.app.inject({ url: '/media/catalog/no-such-picture.webp?w=160' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/slides/nope.webp?w=160' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/../package.json?w=160' })).statusCode).toBe(404);
    const original = await t.app.inject({ url: productImage });
    expect(original.statusCode).toBe(200);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(480);
    expect(original.headers['x-media-cache']).toBeUndefined();
  });
});
