// The shop with its media in an S3 bucket (MEDIA_STORAGE=s3) on a real S3 server started here: the seed's
// slides, catalogue pictures and their resized copies drawn into the bucket and served from it, avatars put
// and deleted there, and a store that goes down while the shop runs answered with a clear 503.
import sharp from 'sharp';
import { RESIZED_PREFIX } from '../src/providers/media/index.js';
import { type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { type S3TestServer, startS3Server } from './s3-server.js';
import { BUCKET, filesUnder, multipart, s3Writes } from './support/s3-media.js';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.remove();
});

const writes = s3Writes(() => s3);

describe('the shop with MEDIA_STORAGE=s3', () => {
  let t: TestApp;
  let slide: string;
  let productImage: string;
  let otherImage: string;
  beforeAll(async () => {
    // the demo seed writes the slides through the media store
    t = await createTestApp('pglite', { seed: true, env: s3.env(BUCKET) });
    slide = (await t.app.inject({ url: '/api/content/slides' })).json().data[0].image_url;
    const list = await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { per_page: 40 } });
    const images = [...new Set((list.json().data as { img_url: string | null }[]).map((p) => p.img_url).filter((u): u is string => u !== null))];
    [productImage, otherImage] = [images[0]!, images[1]!];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  test('the seed put its slides in the bucket and nothing on the disk', async () => {
    expect(slide).toMatch(/^\/media\/slides\/[a-z0-9-]+\.webp$/);
    expect(await writes(slide.slice('/media/'.length))).toBe(1);
    expect(filesUnder(t.mediaDir)).toEqual([]);
  });

  test('/media/<key> streams the object from the bucket with long-lived caching and its validators', async () => {
    const res = await t.app.inject({ url: slide });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    expect(res.headers.location).toBeUndefined(); // streamed, not redirected to the bucket

    const again = await t.app.inject({ url: slide, headers: { 'if-none-match': res.headers.etag as string } });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    const head = await t.app.inject({ method: 'HEAD', url: slide });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, res.headers['content-length'], 0]);
    expect((await t.app.inject({ url: '/media/slides/no-such-slide.webp' })).statusCode).toBe(404);
  });

  test('a catalogue picture is drawn once into the bucket, then served from it', async () => {
    const key = productImage.slice('/media/'.length);
    expect(await writes(key)).toBe(0);
    const first = await t.app.inject({ url: productImage });
    expect(first.statusCode).toBe(200);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(480);
    expect(await writes(key)).toBe(1);
    const second = await t.app.inject({ url: productImage });
    expect(second.headers.etag).toMatch(/^"[0-9a-f]{32}"$/); // the stored object's tag: read from the bucket
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await writes(key)).toBe(1);
  });

  test('?w= copies are drawn once, kept in the bucket under _resized/, and not reachable as media', async () => {
    const key = slide.slice('/media/'.length);
    const cached = `${RESIZED_PREFIX}w320/${key}`;
    const first = await t.app.inject({ url: `${slide}?w=320` });
    expect([first.statusCode, first.headers['x-media-cache']]).toEqual([200, 'miss']);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(320);
    expect(await writes(cached)).toBe(1);
    const second = await t.app.inject({ url: `${slide}?w=320` });
    expect([second.statusCode, second.headers['x-media-cache']]).toEqual([200, 'hit']);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await writes(cached)).toBe(1);
    expect((await t.app.inject({ url: `/media/${cached}` })).statusCode).toBe(404);
    // a catalogue picture not drawn yet: drawn into the bucket, then resized from it
    const other = otherImage.slice('/media/'.length);
    expect(await writes(other)).toBe(0);
    const resized = await t.app.inject({ url: `${otherImage}?w=160` });
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(160);
    expect(await writes(other)).toBe(1);
    expect(await writes(`${RESIZED_PREFIX}w160/${other}`)).toBe(1);
  });

  test('an avatar goes to the bucket, another API process serves it, and replacing or deleting it deletes it from the bucket', async () => {
    const token = await signIn(t, '+998907770011');
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2a7' } }).png().toBuffer();
    const upload = () => {
      const body = multipart(png);
      return t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    };
    const url1: string = (await upload()).json().user.photo_url;
    const key1 = url1.slice('/media/'.length);
    expect(await writes(key1)).toBe(1);
    expect(filesUnder(t.mediaDir).filter((f) => f.startsWith('avatars'))).toEqual([]);

    // a second replica with its own disk, the same bucket: it serves what the first stored
    const other = await createTestApp('pglite', { env: s3.env(BUCKET) });
    try {
      const served = await other.app.inject({ url: url1 });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    } finally {
      await other.close();
    }

    const url2: string = (await upload()).json().user.photo_url;
    expect(url2).not.toBe(url1);
    await s3.settled();
    expect(s3.events).toContainEqual({ event: 'ObjectRemoved:Delete', key: key1 });
    expect((await t.app.inject({ url: url1 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    await s3.settled();
    expect(s3.events).toContainEqual({ event: 'ObjectRemoved:Delete', key: url2.slice('/media/'.length) });
    expect((await t.app.inject({ url: url2 })).statusCode).toBe(404);
  });
});

describe('a store that goes down while the shop runs', () => {
  let t: TestApp;
  let down: S3TestServer;
  beforeAll(async () => {
    down = await startS3Server([BUCKET]);
    t = await createTestApp('pglite', { seed: true, env: down.env(BUCKET) });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await down?.remove();
  });

  test('/media answers 503 in the shopper\'s language with Retry-After, and uploads fail the same way', async () => {
    const slide: string = (await t.app.inject({ url: '/api/content/slides' })).json().data[0].image_url;
    expect((await t.app.inject({ url: slide })).statusCode).toBe(200);
    await down.stop();
    const messages = new Set<string>();
    for (const [url, lang] of [[slide, 'en'], [`${slide}?w=160`, 'ru'], [slide, 'uz']] as const) {
      const res = await t.app.inject({ url, headers: { 'x-lang': lang } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
      messages.add(res.json().error.message);
    }
    expect(messages.size).toBe(3); // one text per language
    const token = await signIn(t, '+998907770022');
    const body = multipart(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).png().toBuffer());
    const upload = await t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', payload: body.payload, headers: { ...body.headers, ...bearer(token), 'x-lang': 'ru' } });
    expect(upload.statusCode).toBe(503);
    expect(upload.json().error.code).toBe('SERVICE_UNAVAILABLE');
    // the photo was never pointed at: the profile keeps no key the bucket does not hold
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).json().user.photo_url).toBeNull();
  });
});
