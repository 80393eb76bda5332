#!/usr/bin/env node
// The part of MinIO's client (mc) that docker-compose.yml runs, for the S3rver stand-in image:
//   mc ready <alias>                          exits 0 once the server answers (alias `local`: this container)
//   mc alias set <alias> <url> <key> <secret> kept in ~/.mc/config.json, as mc does
//   mc mb [--ignore-existing|-p] <alias>/<bucket>
// Buckets are made with a real S3 request (PUT /<bucket>, AWS Signature V4), so the key is checked.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const configFile = path.join(os.homedir(), '.mc', 'config.json');
const readAliases = () => {
  try {
    return JSON.parse(fs.readFileSync(configFile, 'utf8')).aliases ?? {};
  } catch {
    return {};
  }
};
const aliasOf = (name) => {
  if (name === 'local' && !readAliases().local) {
    return { url: 'http://127.0.0.1:9000', accessKey: process.env.MINIO_ROOT_USER || 'minioadmin', secretKey: process.env.MINIO_ROOT_PASSWORD || 'minioadmin' };
  }
  const alias = readAliases()[name];
  if (!alias) fail(`mc: <ERROR> no alias "${name}": mc alias set ${name} <url> <key> <secret>`);
  return alias;
};

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();

/** One S3 request signed with AWS Signature V4 (region us-east-1, an empty body). */
async function s3(alias, method, pathname) {
  const url = new URL(pathname, alias.url);
  const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payload = sha256('');
  const headers = { host: url.host, 'x-amz-content-sha256': payload, 'x-amz-date': amzDate };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalHeaders = names.map((h) => `${h}:${headers[h]}\n`).join('');
  const canonical = `${method}\n${url.pathname}\n\n${canonicalHeaders}\n${signedHeaders}\n${payload}`;
  const scope = `${day}/us-east-1/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = ['us-east-1', 's3', 'aws4_request'].reduce((k, part) => hmac(k, part), hmac(`AWS4${alias.secretKey}`, day));
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${alias.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  // fetch sends Host itself (url.host, the value signed)
  const res = await fetch(url, { method, headers: { 'x-amz-content-sha256': payload, 'x-amz-date': amzDate, authorization }, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text() };
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'ready') {
    const alias = aliasOf(rest[0] ?? 'local');
    try {
      const res = await fetch(new URL('/minio/health/ready', alias.url), { signal: AbortSignal.timeout(3000) });
      if (res.ok) return console.log(`The cluster '${rest[0] ?? 'local'}' is ready`);
    } catch {
      // not yet
    }
    fail(`mc: the cluster '${rest[0] ?? 'local'}' is not ready`);
  }
  if (command === 'alias' && rest[0] === 'set' && rest.length === 5) {
    const [, name, url, accessKey, secretKey] = rest;
    const config = { version: '10', aliases: { ...readAliases(), [name]: { url, accessKey, secretKey, api: 's3v4', path: 'auto' } } };
    fs.mkdirSync(path.dirname(configFile), { recursive: true });
    fs.writeFileSync(configFile, JSON.stringify(config, null, 2), { mode: 0o600 });
    return console.log(`Added \`${name}\` successfully.`);
  }
  if (command === 'mb') {
    const ignoreExisting = rest.includes('--ignore-existing') || rest.includes('-p');
    const target = rest.find((a) => !a.startsWith('-'));
    const [name, bucket] = (target ?? '').split('/');
    if (!name || !bucket) fail('usage: mc mb [--ignore-existing] <alias>/<bucket>');
    const { status, body } = await s3(aliasOf(name), 'PUT', `/${bucket}`);
    if (status === 200) return console.log(`Bucket created successfully \`${target}\`.`);
    if (status === 409 && ignoreExisting && /BucketAlready(Exists|OwnedByYou)/.test(body)) return console.log(`Bucket created successfully \`${target}\`.`);
    fail(`mc: <ERROR> Unable to make bucket \`${target}\`: ${status} ${/<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? body.slice(0, 200)}`);
  }
  fail(`mc (bozor-local stand-in): only "ready", "alias set" and "mb" are here, not: ${argv.join(' ')}`, 2);
}

main(process.argv.slice(2)).catch((err) => fail(`mc: <ERROR> ${err instanceof Error ? err.message : String(err)}`));
