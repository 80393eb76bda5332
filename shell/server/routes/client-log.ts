// POST /_client-log: errors a shopper's browser reports (shell/src/report.ts), one log line each and
// counted in the metrics. A client may report a few a minute; more are refused unread, so nobody floods the log.
import type { ShellContext } from '../context.js';
import { forwardedOf } from '../forwarded.js';
import { CLIENT_LOG_PER_MINUTE, CONTROL_CHARACTERS, createWindowLimiter } from '../limits.js';
import { countClientReport } from '../metrics.js';
import type { RouteRequest } from './route.js';

/** The most of a report that is read and logged. */
const REPORT_CHARS = 4096;

export function createClientLog({ config, log, metrics }: ShellContext) {
  const clientLog = createWindowLimiter(CLIENT_LOG_PER_MINUTE, 60_000);
  return async function recordClientError({ req, res }: RouteRequest): Promise<void> {
    if (!clientLog.allow(forwardedOf(req, config.trustedProxies, config.host).clientIp, Date.now())) {
      req.resume();
      res.writeHead(429, { 'Retry-After': '60' }).end();
      return;
    }
    let raw = '';
    for await (const chunk of req) {
      raw += String(chunk);
      if (raw.length > REPORT_CHARS) break;
    }
    // control characters (a terminal's escape sequences among them) never reach the log
    log(`client-error ${raw.slice(0, REPORT_CHARS).replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ')}`);
    countClientReport(metrics, raw.slice(0, REPORT_CHARS));
    res.writeHead(204).end();
  };
}
