// The commands with MEDIA_STORAGE=s3 against a real S3 server started here: the seed draws its pictures into
// the bucket, media:sync copies the disk's pictures key for key, and the API refuses to start on a bucket
// that does not exist.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_DIR, TSX } from './api-process.js';
import { type S3TestServer, startS3Server } from './s3-server.js';
import { BUCKET, command, filesUnder, stores, webp } from './support/s3-media.js';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.remove();
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
