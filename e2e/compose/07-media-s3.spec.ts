// Story 7 of the compose test: the shop moved from media on its volume to an S3 bucket as docs/operations.md
// "Media storage" says — the `s3` profile's server (S3_SERVER_IMAGE: MinIO by default, the S3rver stand-in
// of ops/local-images where no registry can be reached) and minio-init making the bucket, `media:sync`
// copying the volume into it, both API replicas restarted with MEDIA_STORAGE=s3 (the gateway restarted after
// them) — then a shopper's profile photo, uploaded in the browser, lands in the bucket (not on the volume) and
// both replicas serve it, and its resized copy, through /media/. The bucket is read with the S3 protocol and
// the shop's key from inside an API container. The last story: the shop stays on the bucket until torn down.
import { expect, test } from '../support/test';
import { base, compose, containersOf, sh, signInInDialog } from './compose';

const BUCKET = 'bozor-media';
// what the operator puts in .env (docs: the S3_ lines of .env.example); the server's root key is the same
const S3_ENV = {
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY_ID: 'bozor-compose',
  S3_SECRET_ACCESS_KEY: 'compose-secret-0123456789',
};

// A 2×2 orange PNG: the API re-encodes it to a 512×512 WebP (api/src/modules/profile/photo.ts).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ESByIkCEAUIBACOuBLGTfJzkAAAAAElFTkSuQmCC', 'base64');

/** sha256 of each key in the bucket (absent: no entry), read with the S3 protocol from an API container. */
function bucketObjects(keys: string[]): Record<string, string> {
  const script = `
    const { S3Client, GetObjectCommand } = require('@aws-sdk/client-s3');
    const { createHash } = require('node:crypto');
    const s3 = new S3Client({ endpoint: process.env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true,
      credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY } });
    (async () => {
      const found = {};
      for (const key of process.argv.slice(1)) {
        try {
          const r = await s3.send(new GetObjectCommand({ Bucket: process.env.S3_BUCKET, Key: key }));
          found[key] = createHash('sha256').update(Buffer.from(await r.Body.transformToByteArray())).digest('hex');
        } catch (err) { if (err.name !== 'NoSuchKey') throw err; }
      }
      console.log(JSON.stringify(found));
    })().catch((err) => { console.error(err); process.exit(1); });`;
  // the story's S3 settings given here: the first call comes before the replicas have them
  const env = Object.entries(S3_ENV).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  return JSON.parse(compose('exec', '-T', ...env, 'api', 'node', '--no-warnings', '-e', script, ...keys)) as Record<string, string>;
}

/** Status and sha256 of GET <path> asked of one API container itself (not through the gateway). */
function fromReplica(id: string, path: string): string {
  const script = `fetch('http://127.0.0.1:3000' + process.argv[1]).then(async (r) => console.log(r.status, require('node:crypto').createHash('sha256').update(Buffer.from(await r.arrayBuffer())).digest('hex')))`;
  return sh('docker', ['exec', id, 'node', '-e', script, path]).trim();
}

/** Status and sha256 of GET <path> through the gateway. */
async function fromGateway(path: string): Promise<string> {
  const res = await fetch(`${base()}${path}`);
  const { createHash } = await import('node:crypto');
  return `${res.status} ${createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex')}`;
}

test('media moved to an S3 bucket: a profile photo lands in the bucket and both API replicas serve it', async ({ page }) => {
  test.setTimeout(8 * 60_000);
  Object.assign(process.env, S3_ENV);

  // a picture the shop keeps on its volume now (the demo's slides and pictures), served by the gateway
  const onDisk = compose('exec', '-T', 'api', 'sh', '-c', 'cd /data/media && find . -type f | sed "s|^./||" | sort').split('\n').filter(Boolean);
  expect(onDisk.length).toBeGreaterThan(0);
  const picture = onDisk[0]!;
  const before = await fromGateway(`/media/${picture}`);
  expect(before).toMatch(/^200 /);

  // the server and its bucket: `docker-compose --profile s3 up -d` brings these two up
  compose('up', '-d', 'minio', 'minio-init');
  const [init] = compose('ps', '-q', 'minio-init').split('\n').filter(Boolean);
  await expect.poll(() => sh('docker', ['inspect', '-f', '{{.State.Status}} {{.State.ExitCode}}', init!]).trim(), { timeout: 60_000 }).toBe('exited 0');

  // docs: docker-compose run --rm -e MEDIA_STORAGE=s3 api node dist/cli/media-sync.js
  compose('run', '--rm', '-e', 'MEDIA_STORAGE=s3', 'api', 'node', 'dist/cli/media-sync.js');
  expect(bucketObjects(onDisk)).toEqual(Object.fromEntries(onDisk.map((key) => [key, expect.stringMatching(/^[0-9a-f]{64}$/)])));

  // both replicas again with MEDIA_STORAGE=s3, then the gateway (it resolved the replicas' addresses at start)
  compose('up', '-d', '--no-deps', '--scale', 'api=2', 'api');
  const replicas = containersOf('api');
  expect(replicas).toHaveLength(2);
  await expect
    .poll(() => replicas.map((id) => sh('docker', ['inspect', '-f', '{{.State.Health.Status}}', id]).trim()), { timeout: 180_000, intervals: [2000] })
    .toEqual(['healthy', 'healthy']);
  for (const id of replicas) expect(sh('docker', ['exec', id, 'printenv', 'MEDIA_STORAGE']).trim()).toBe('s3');
  compose('restart', 'gateway');
  await expect.poll(async () => { try { return (await fetch(`${base()}/readyz`)).status; } catch { return 0; } }, { timeout: 60_000 }).toBe(200);

  // the picture from the volume, now from the bucket: the same bytes at the same address
  expect(await fromGateway(`/media/${picture}`)).toBe(before);

  // a shopper signs in on My account and uploads a profile photo
  await page.goto(`${base()}/uz/account`);
  await page.getByTestId('account-page').getByRole('button', { name: 'Kirish' }).click();
  await signInInDialog(page);
  await page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await page.getByTestId('photo-submit').click();
  await expect(page.getByText('Rasm yuklandi')).toBeVisible();
  const photo = page.getByTestId('photo-current');
  await expect(photo).toHaveAttribute('src', /\/media\/avatars\/[^/]+\.webp$/);
  // the browser shows it: a 512×512 picture, loaded through the gateway
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  const src = new URL((await photo.getAttribute('src'))!, base()).pathname;
  const key = src.replace(/^\/media\//, '');

  // in the bucket, not on the volume
  const inBucket = bucketObjects([key])[key];
  expect(inBucket).toMatch(/^[0-9a-f]{64}$/);
  expect(compose('exec', '-T', 'api', 'sh', '-c', `find /data/media -name '${key.split('/').pop()}'`).trim()).toBe('');
  // the same bytes through the gateway and from each replica itself
  expect(await fromGateway(src)).toBe(`200 ${inBucket}`);
  for (const id of replicas) expect(fromReplica(id, src)).toBe(`200 ${inBucket}`);

  // a resized copy drawn by one replica is kept in the bucket, and the other serves that copy
  const resized = `_resized/w160/${key}`;
  const [first, second] = replicas;
  expect(bucketObjects([resized])).toEqual({});
  const drawn = fromReplica(first!, `${src}?w=160`);
  expect(drawn).toMatch(/^200 /);
  expect(bucketObjects([resized])).toEqual({ [resized]: drawn.split(' ')[1] });
  expect(fromReplica(second!, `${src}?w=160`)).toBe(drawn);
});
