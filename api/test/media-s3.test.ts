// Media in an S3-compatible bucket (MEDIA_STORAGE=s3), driven through the real adapter (the official
// AWS SDK v3 client) against a real S3 server started here (test/s3-server.ts): uploads, the seed's
// slides, catalogue pictures, resized copies and deletes all land in — and come from — the bucket, and
// a store that is missing, refuses the key, is down or never answers gives a clear error, not a hang.
// Here the adapter itself; the shop on a bucket: media-s3-shop.test.ts; the commands: media-s3-commands.test.ts.
import net from 'node:net';
import { MediaUnavailableError } from '../src/providers/media/media.js';
import { type S3TestServer, startS3Server } from './s3-server.js';
import { BUCKET, s3Writes, stores, webp } from './support/s3-media.js';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.remove();
});

const writes = s3Writes(() => s3);

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
