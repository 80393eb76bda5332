// A second, throwaway shop for the specs that need other API settings than global-setup's (e.g. a short
// OTP_TTL_S): the same builds, started as `pnpm start` does, on free ports with its own DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort, stop, waitForHttp } from './processes';

export interface ExtraShop {
  baseURL: string;
  /** Its API, reached directly (not through the gateway). */
  apiUrl: string;
  /** Its DATA_DIR: the SMS outbox is `sms-outbox.jsonl` in it. */
  dataDir: string;
  /** `pnpm start` itself (start.mjs), e.g. to send it a signal. */
  process: ChildProcess;
  /** What `pnpm start` has printed so far (its own lines, and the API's and gateway's). */
  output: () => string;
  close: () => Promise<void>;
}

/** Starts a shop with these API variables (OTP_TTL_S, OTP_RESEND_S, …) and waits until it answers. */
export async function startExtraShop(env: Record<string, string>, options: { dataDir?: string; keepData?: boolean } = {}): Promise<ExtraShop> {
  // another shop's DATA_DIR: the same database and SMS outbox after a restart
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-e2e-extra-'));
  const port = await freePort();
  const apiPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, REMOTES_FILE: path.join(dataDir, 'remotes.json'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseURL}/readyz`);
    await waitForHttp(`${baseURL}/remotes.json`);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return {
    baseURL,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dataDir,
    process: child,
    output: () => printed,
    close: async () => {
      // start.mjs forwards the signal to the API and the gateway and exits when they have stopped
      await stop(child);
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
