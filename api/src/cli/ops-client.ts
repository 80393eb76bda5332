// The commands run on the shop's machine (`pnpm staff:add`, `pnpm order:status`) go through the running
// API when there is one, so the embedded database keeps its one writer; with no API running they open
// the database themselves. server.ts writes DATA_DIR/ops.json (mode 0600: address and secret) once it
// listens and removes it when it stops.
import fs from 'node:fs';
import path from 'node:path';

export interface OpsFile {
  url: string;
  secret: string;
  pid: number;
}

export const opsFilePath = (dataDir: string): string => path.join(dataDir, 'ops.json');

export function writeOpsFile(dataDir: string, file: OpsFile): void {
  const target = opsFilePath(dataDir);
  fs.writeFileSync(`${target}.tmp`, JSON.stringify(file), { mode: 0o600 });
  fs.renameSync(`${target}.tmp`, target);
}

/** Removes the file if it is still this process's (another API may have started on the same DATA_DIR). */
export function removeOpsFile(dataDir: string, pid: number): void {
  try {
    const current = JSON.parse(fs.readFileSync(opsFilePath(dataDir), 'utf8')) as OpsFile;
    if (current.pid === pid) fs.rmSync(opsFilePath(dataDir));
  } catch {
    // gone already
  }
}

export interface OpsAnswer {
  status: number;
  body: { error?: { code?: string; message?: string; allowed?: string[]; expires_at?: string | null } } & Record<string, unknown>;
}

/** How long a command waits for the running API's answer before it says the API is stuck. */
export const OPS_TIMEOUT_MS = 10_000;

/**
 * Calls the running API; undefined when none runs (no file, or nobody listens at its address — a file
 * left by a killed process). Any other failure is thrown: the API is there but something went wrong.
 * An API that listens but does not answer within `timeoutMs` (stopped, or stuck) is such a failure, with
 * a message that says so; the command must not open the database itself then, next to a live API.
 */
export async function callRunningApi(
  dataDir: string,
  method: string,
  urlPath: string,
  body: unknown,
  options: { timeoutMs?: number } = {},
): Promise<OpsAnswer | undefined> {
  let file: OpsFile;
  try {
    file = JSON.parse(fs.readFileSync(opsFilePath(dataDir), 'utf8')) as OpsFile;
  } catch {
    return undefined;
  }
  const timeoutMs = options.timeoutMs ?? OPS_TIMEOUT_MS;
  const stuck = () =>
    new Error(
      `The API at ${file.url} (pid ${file.pid}) does not answer (waited ${timeoutMs / 1000} s); it may be stuck: restart it, ` +
        'then run this command again (if the API was only slow, the change may have been made already).',
    );
  // One limit for the whole exchange: the answer's body too, which a stuck API may never finish.
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(new URL(urlPath, file.url), {
      method,
      headers: { 'content-type': 'application/json', 'x-ops-secret': file.secret, 'x-lang': 'en' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    // The signal's timer is the only thing that aborts it.
    if (signal.aborted) throw stuck();
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return undefined;
    throw err;
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (signal.aborted) throw stuck();
    throw err;
  }
  let answer: OpsAnswer['body'] = {};
  try {
    answer = JSON.parse(text) as OpsAnswer['body'];
  } catch {
    // not JSON: the status alone tells the command what happened
  }
  return { status: res.status, body: answer };
}
