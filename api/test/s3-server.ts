// A real S3-compatible server for the tests: S3rver (@20minutes/s3rver, the maintained fork of
// jamhall/s3rver) in a child process on a free port, with files in a temporary folder. It speaks the
// S3 REST protocol over HTTP and checks AWS Signature V4 (header and presigned), so the adapter's
// requests are signed, routed (path-style) and answered as by MinIO or AWS. Each object write or
// delete it reports (its S3 event notification) is kept in `events`.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { API_DIR } from './api-process.js';

const S3_TEST_KEY = { accessKeyId: 'bozor-test', secretAccessKey: 'bozor-test-secret-0123456789' };

export interface S3TestServer {
  endpoint: string;
  port: number;
  /** Object writes and deletes as the server saw them, e.g. { event: 'ObjectCreated:Put', key: 'avatars/x.webp' }. */
  events: { event: string; key: string }[];
  /** Resolves once every event the server reported so far is in `events` (after a child process wrote). */
  settled(): Promise<void>;
  /** The environment that points the API at this server's `bucket`. */
  env(bucket: string): Record<string, string>;
  /** Stops the server (the "server down" case); its files stay until `remove`. */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

const SCRIPT = `
const S3rver = require('@20minutes/s3rver');
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account');
const [dir, buckets, keyId, secret] = process.argv.slice(1);
DUMMY_ACCOUNT.createKeyPair(keyId, secret);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: buckets.split(',').filter(Boolean).map((name) => ({ name })) });
server.on('event', (e) => {
  for (const r of e.Records || []) process.stdout.write(JSON.stringify({ event: r.eventName, key: decodeURIComponent(r.s3.object.key) }) + '\\n');
});
server.run().then((a) => process.stdout.write(JSON.stringify({ port: a.port }) + '\\n'), (err) => { console.error(err); process.exit(1); });
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
// "ping" on stdin → "pong" on stdout: every event line written before it has been read by then
require('node:readline').createInterface({ input: process.stdin }).on('line', () => process.stdout.write(JSON.stringify({ pong: true }) + '\\n'));
`;

/** Starts the server with these buckets already made. */
export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['-e', SCRIPT, dir, buckets.join(','), S3_TEST_KEY.accessKeyId, S3_TEST_KEY.secretAccessKey], {
    cwd: API_DIR,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: S3TestServer['events'] = [];
  const pongs: (() => void)[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`S3 test server did not start in 15 s: ${stderr}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`S3 test server exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { port?: number; event?: string; key?: string; pong?: boolean };
      if (message.pong) pongs.shift()?.();
      else if (message.port) {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.event && message.key) events.push({ event: message.event, key: message.key });
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    endpoint,
    port,
    events,
    settled: () =>
      new Promise<void>((resolve) => {
        pongs.push(resolve);
        child.stdin!.write('ping\n');
      }),
    env: (bucket) => ({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey,
      S3_TIMEOUT_MS: '2000',
    }),
    stop,
    remove: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
