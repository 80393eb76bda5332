// Media in an S3-compatible bucket (MEDIA_STORAGE=s3), driven through the real adapter (the official
// AWS SDK v3 client) against a real S3 server started here (test/s3-server.ts): uploads, the seed's
// slides, catalogue pictures, resized copies and deletes all land in — and come from — the bucket, and
// a store that is missing, refuses the key, is down or never answers gives a clear error, not a hang.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config.js';
import { RESIZED_PREFIX, createMediaStores } from '../src/providers/media/index.js';
import { MediaUnavailableError } from '../src/providers/media/media.js';
import { API_DIR, TSX } from './api-process.js';
import { type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { type S3TestServer, startS3Server } from './s3-server.js';

const BUCKET = 'bozor-media';
const webp = (width: number, colour = '#c85028') => sharp({ create: { width, height: width, channels: 3, background: colour } }).webp().toBuffer();

function multipart(data: Buffer) {
  const boundary = '----bozorS3Boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The files under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

/** Runs a tsx command to its end without blocking the test's event loop (the S3 server's events are read on it). */
function command(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(TSX, args, { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.remove();
});

const stores = (env: Record<string, string>) => createMediaStores(loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent', ...env }));
/** How many times the server stored `key` so far. */
const writes = async (key: string) => {
  await s3.settled();
  return s3.events.filter((e) => e.key === key && e.event.startsWith('ObjectCreated')).length;
};

describe('the S3 adapter against a real S3 server', () => {
  test('put, get, open and remove a picture; a missing key is null, not an error', async () => {
    const { media } = stores(s3.env(BUCKET));
    const data = await webp(32);
    await media.put('adapter/one.webp', data);
    expect(await writes('adapter/one.webp')).toBe(1);
    expect(Buffer.compare((await media.get('adapter/one.webp'))!, data)).toBe(0);

    const opened = (await media.open('adapter/one.webp'))!;
    expect(opened).toMatchObject({ size: data.length, contentType: 'image/webp' });
    expect(opened.etag).toMatch(/^"[0-9a-f]{32}"$/); // S3's own tag (the MD5 of a single-part object)
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    expect(Buffer.compare(Buffer.concat(chunks), data)).toBe(0);

    await media.remove('adapter/one.webp');
    await s3.settled();
    expect(s3.events).toContainEqual({ event: 'ObjectRemoved:Delete', key: 'adapter/one.webp' });
    expect(await media.get('adapter/one.webp')).toBeNull();
    expect(await media.open('adapter/one.webp')).toBeNull();
    await expect(media.remove('adapter/one.webp')).resolves.toBeUndefined(); // deleting twice is no error
    await expect(media.check()).resolves.toBeUndefined();
  });

  test('keys outside the media pattern never reach the bucket', async () => {
    const { media } = stores(s3.env(BUCKET));
    await expect(media.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/unsafe media key/);
    expect(await media.get('_resized/w160/x.webp')).toBeNull();
    await s3.settled();
    expect(s3.events.some((e) => e.key.includes('escape'))).toBe(false);
  });

  test('a wrong secret is refused by the server (requests are signed with SigV4) and named in the error', async () => {
    const { media } = stores({ ...s3.env(BUCKET), S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    const err = await media.put('adapter/refused.webp', await webp(8)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaUnavailableError);
    expect((err as Error).message).toMatch(/refused writing adapter\/refused\.webp: SignatureDoesNotMatch.*S3_SECRET_ACCESS_KEY/);
    await expect(media.check()).rejects.toThrow(/refused the start-up check: SignatureDoesNotMatch/);
  });

  test('a bucket that does not exist is named in the error, at the start-up check and on use', async () => {
    const { media } = stores(s3.env('no-such-bucket'));
    await expect(media.check()).rejects.toThrow(`S3 bucket "no-such-bucket" at ${s3.endpoint} does not exist (the start-up check)`);
    await expect(media.put('adapter/x.webp', await webp(8))).rejects.toThrow(/"no-such-bucket" .* does not exist \(writing adapter\/x\.webp\)/);
    await expect(media.get('adapter/x.webp')).rejects.toThrow(/does not exist/);
  });

  test('a server that is down is a clear error, not a hang', async () => {
    const down = await startS3Server([BUCKET]);
    await down.remove();
    const { media } = stores(down.env(BUCKET));
    const err = await media.check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaUnavailableError);
    expect((err as Error).message).toBe(`cannot reach S3 bucket "${BUCKET}" at ${down.endpoint} for the start-up check: ECONNREFUSED`);
    await expect(media.get('slides/x.webp')).rejects.toThrow(/cannot reach .* ECONNREFUSED/);
  });

  test('a server that accepts the connection but never answers times out with S3_TIMEOUT_MS', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket)); // reads nothing, answers nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const { media } = stores({ ...s3.env(BUCKET), S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_TIMEOUT_MS: '300' });
      await expect(media.get('slides/x.webp')).rejects.toThrow(/did not answer reading slides\/x\.webp in time \(S3_TIMEOUT_MS=300\)/);
      await expect(media.put('slides/x.webp', Buffer.from('x'))).rejects.toThrow(/did not answer writing slides\/x\.webp in time/);
      // opening for an answer has no overall deadline (a slow client may take its time): the client's own time-out ends the wait
      await expect(media.open('slides/x.webp')).rejects.toThrow(/did not answer reading slides\/x\.webp in time/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

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

describe('the commands with MEDIA_STORAGE=s3', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-s3-cmd-'));
    dirs.push(dir);
    return dir;
  };

  test('pnpm seed --pictures draws the slides and catalogue pictures into the bucket', async () => {
    const dataDir = tempDir();
    const before = s3.events.length;
    const run = await command(['src/cli/seed.ts', '--products', '12', '--pictures'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...s3.env(BUCKET) });
    expect(run.stderr).not.toMatch(/seed failed/);
    expect(run.status).toBe(0);
    await s3.settled();
    expect(run.stdout).toMatch(new RegExp(`drew \\d+ pictures into S3 bucket ${BUCKET}`));
    const written = s3.events.slice(before).filter((e) => e.event.startsWith('ObjectCreated')).map((e) => e.key);
    expect(written.filter((k) => k.startsWith('slides/')).length).toBeGreaterThan(0);
    expect(written.filter((k) => k.startsWith('catalog/')).length).toBeGreaterThanOrEqual(12);
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual([]);
  }, 240_000);

  test('pnpm media:sync copies the pictures on the disk into the bucket, key for key', async () => {
    const mediaDir = tempDir();
    const pictures = { 'avatars/0a1b.webp': await webp(16, '#111'), 'slides/moved-slide.webp': await webp(24, '#222') };
    for (const [key, data] of Object.entries(pictures)) {
      fs.mkdirSync(path.dirname(path.join(mediaDir, key)), { recursive: true });
      fs.writeFileSync(path.join(mediaDir, key), data);
    }
    fs.writeFileSync(path.join(mediaDir, 'slides', 'moved-slide.webp.123.tmp'), 'half a picture'); // not a media key: left behind
    const env = { DATA_DIR: tempDir(), MEDIA_DIR: mediaDir, LOG_LEVEL: 'silent' };
    const refused = await command(['src/cli/media-sync.ts'], env);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/set MEDIA_STORAGE=s3/);

    const run = await command(['src/cli/media-sync.ts'], { ...env, ...s3.env(BUCKET) });
    expect(run.stderr).not.toMatch(/media:sync failed/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`copied 2 pictures`);
    const { media } = stores(s3.env(BUCKET));
    for (const [key, data] of Object.entries(pictures)) expect(Buffer.compare((await media.get(key))!, data)).toBe(0);
    await s3.settled();
    expect(s3.events.some((e) => e.key.endsWith('.tmp'))).toBe(false);
  }, 180_000);

  test('the API does not start on a bucket that does not exist, and says why', async () => {
    const dataDir = tempDir();
    const proc = spawn(TSX, ['src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'silent', ...s3.env('missing-bucket') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`Bozor API failed to start: media storage (MEDIA_STORAGE=s3): S3 bucket "missing-bucket" at ${s3.endpoint} does not exist (the start-up check)`);
  }, 180_000);
});
