// Starting and stopping the shop's processes from the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 2xx. */
export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Starts the shell server binary (also used as a plain static host for one remote's build). */
export function startShellServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'shell/dist-server/shell/server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops a child and waits for it to exit. */
export function stop(child: ChildProcess | null | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
