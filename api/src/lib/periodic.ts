import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type FastifyBaseLogger } from 'fastify';

/** Who holds a lease row: this host, this process, and a random part (two apps in one process differ). */
export const leaseHolder = (): string => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * A background job that runs every `intervalS` in each API process: one pass at a time in this process
 * (a call while a pass runs shares it), a timer that never keeps the process alive, and a stop that waits
 * for a pass under way (before the database closes). Which process may act is the job's own affair (a
 * lease row).
 */
export function createPeriodicJob<T>(options: { name: string; intervalS: number; run: () => Promise<T>; log: FastifyBaseLogger }) {
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const once = (): Promise<T> =>
    (running ??= options.run().finally(() => {
      running = undefined;
    }));
  return {
    /** One pass now (tests drive it with the fake clock). */
    once,
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        once().catch((err: unknown) => options.log.error({ err }, `${options.name} pass failed`));
      }, options.intervalS * 1000);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
