// A small per-client limit for the shell server's own endpoints (the client-error log). In memory: each
// gateway process counts its own clients, which is enough to keep one client from flooding the log.

/** Fixed windows: at most `max` per key per `windowMs`. Old windows are dropped as keys come back or on a sweep. */
export function createWindowLimiter(max: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  return {
    allow(key: string, now: number): boolean {
      if (now - lastSweep > windowMs) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        lastSweep = now;
      }
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count++;
      return current.count <= max;
    },
  };
}

/** Client error reports a client may send per minute. */
export const CLIENT_LOG_PER_MINUTE = 20;

/** C0 and C1 controls and DEL: a report is text for one log line, never terminal escapes. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
