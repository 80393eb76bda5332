/**
 * Media in an S3 bucket as the media-s3 tests drive it: the bucket's name, pictures to put in it, an avatar
 * upload's body, the files a command left on the disk, a command run to its end, the adapters on a config,
 * and how many times the server stored a key.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.js';
import { createMediaStores } from '../../src/providers/media/index.js';
import { API_DIR, TSX } from '../api-process.js';
import { type S3TestServer } from '../s3-server.js';

export const BUCKET = 'bozor-media';
export const webp = (width: number, colour = '#c85028') => sharp({ create: { width, height: width, channels: 3, background: colour } }).webp().toBuffer();

export function multipart(data: Buffer) {
  const boundary = '----bozorS3Boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The files under a folder, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

/** Runs a tsx command to its end without blocking the test's event loop (the S3 server's events are read on it). */
export function command(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(TSX, args, { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export const stores = (env: Record<string, string>) => createMediaStores(loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent', ...env }));
/** How many times the server `s3()` gives stored `key` so far. */
export const s3Writes = (s3: () => S3TestServer) => async (key: string) => {
  await s3().settled();
  return s3().events.filter((e) => e.key === key && e.event.startsWith('ObjectCreated')).length;
};
