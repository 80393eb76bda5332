/**
 * `pnpm media:sync [--from DIR]`
 *
 * Copies the media on the disk (MEDIA_DIR, or DATA_DIR/media; `--from` names another folder) into the
 * S3 bucket that MEDIA_STORAGE=s3 and the S3_ variables name, key for key: moving a shop from disk to a
 * bucket is this command, then a restart with MEDIA_STORAGE=s3. Safe to run again (objects are written
 * whole, the same bytes under the same key). Resized `?w=` copies are not copied: they are drawn again
 * on first request. The database is not touched: it holds keys, which stay the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { createMediaStores } from '../providers/media/index.js';
import { SAFE_KEY } from '../providers/media/media.js';

/** Every media key under `root` (files whose relative path is a media key; temporary files and others are skipped). */
function mediaKeysUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => SAFE_KEY.test(key))
    .sort();
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  let from: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split('=', 2);
    if (name === '--from' && (inline ?? argv[i + 1])) from = inline ?? argv[++i];
    else {
      process.stderr.write(`unknown option ${argv[i]}\nUsage: pnpm media:sync [--from DIR]\n`);
      return 2;
    }
  }
  const config = loadConfig();
  if (config.media.storage !== 's3') {
    process.stderr.write('media:sync copies the disk into the bucket: set MEDIA_STORAGE=s3 and the S3_ variables (docs/operations.md "Media storage")\n');
    return 2;
  }
  const root = path.resolve(from ?? config.mediaDir);
  const { media } = createMediaStores(config);
  await media.check();
  const keys = mediaKeysUnder(root);
  const say = (text: string) => process.stdout.write(`${text}\n`);
  say(`copying ${keys.length} pictures from ${root} to S3 bucket ${config.media.s3.bucket}`);
  let done = 0;
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key; key = queue.shift()) {
      await media.put(key, await fs.promises.readFile(path.join(root, key)));
      if (++done % 500 === 0) say(`${done} of ${keys.length}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  say(`copied ${done} pictures`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`media:sync failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
