// S3rver as MinIO's stand-in: `server <dir> [--console-address <addr>] [--address <addr>]`, the root key
// from MINIO_ROOT_USER / MINIO_ROOT_PASSWORD (MinIO's defaults when unset), S3 on :9000.
// Requests must be signed with that key (S3rver alone lets unsigned ones through as "anonymous", and
// knows a built-in S3RVER key: both closed here). GET /minio/health/live and /minio/health/ready answer
// 200 unsigned, as MinIO's do, for health checks.
import fs from 'node:fs';
import http from 'node:http';
import S3rver from '@20minutes/s3rver';
import account from '@20minutes/s3rver/lib/models/account.js';

const { DUMMY_ACCOUNT } = account;
const { version } = JSON.parse(fs.readFileSync(new URL('./node_modules/@20minutes/s3rver/package.json', import.meta.url), 'utf8'));

const args = process.argv.slice(2);
if (args[0] !== 'server' || !args[1]) {
  console.error('usage: server <data directory> [--console-address <addr>] [--address <host:port>]');
  process.exit(2);
}
const directory = args[1];
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const [, portText] = /:(\d+)$/.exec(option('--address') ?? ':9000') ?? [];
const port = Number(portText ?? 9000);
if (option('--console-address')) console.log('s3rver: no console in this stand-in (--console-address is ignored)');

const user = process.env.MINIO_ROOT_USER || 'minioadmin';
const password = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
if (password.length < 8) {
  // MinIO refuses a root password this short; so does its stand-in
  console.error('MINIO_ROOT_PASSWORD must be at least 8 characters');
  process.exit(1);
}
DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
DUMMY_ACCOUNT.createKeyPair(user, password);

fs.mkdirSync(directory, { recursive: true });
// vhostBuckets off: a request to http://minio:9000/<bucket>/… is path-style (else S3rver takes the host
// name "minio" for a bucket's)
const s3 = new S3rver({ directory, vhostBuckets: false, silent: true });
const handle = s3.callback();
// refusals and failures in the log; a missing key is an everyday answer (the API's start-up probe asks for one)
s3.on('error', (err) => {
  const status = typeof err?.status === 'number' ? err.status : 500;
  if (status === 403 || status >= 500) console.error(`s3rver: ${status} ${err instanceof Error ? err.message : String(err)}`);
});

const signed = (req) => {
  if (req.headers.authorization) return true;
  const query = new URL(req.url ?? '/', 'http://s3').searchParams;
  return query.has('X-Amz-Algorithm') || query.has('Signature');
};

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://s3');
  if (req.method === 'GET' && (pathname === '/minio/health/live' || pathname === '/minio/health/ready')) {
    res.writeHead(200).end();
    return;
  }
  if (req.method !== 'OPTIONS' && !signed(req)) {
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied.</Message></Error>');
    return;
  }
  handle(req, res);
});
server.listen(port, '0.0.0.0', () => console.log(`s3rver ${version}: S3 on :${port}, data in ${directory}, key ${user}`));

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
