// A stand-in for Click's Merchant API (docs.click.uz): payment status, payment reversal and the OFD's
// submit_items, each checking the `Auth` header as Click does, and the other headers Click documents as
// required. Tests script what each payment answers: a reversal that succeeds, is refused (a negative
// error_code), times out, or fails with a 5xx.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';

export type ReversalBehaviour = 'ok' | 'refused' | 'timeout' | '5xx';

export async function startFakeClickMerchant(options: { serviceId: string; merchantUserId: string; secretKey: string }) {
  const calls: Array<{ method: string; url: string }> = [];
  /** payment_id → payment_status (2 paid, -99 reversed). */
  const payments = new Map<string, number>();
  const reversal: { next: ReversalBehaviour[] } = { next: [] };

  function authorised(header: string | undefined): boolean {
    const [user, digest, timestamp] = (header ?? '').split(':');
    return user === options.merchantUserId && !!timestamp && digest === createHash('sha1').update(timestamp + options.secretKey).digest('hex');
  }

  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push({ method: req.method ?? '', url: req.url ?? '' });
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (!authorised(req.headers.auth as string | undefined)) return send(200, { error_code: -1, error_note: 'Authentication error' });
      // The headers Click's documentation requires on every call (Accept, Auth, Content-Type).
      if (req.headers.accept !== 'application/json' || req.headers['content-type'] !== 'application/json') return send(400, { error_code: -8, error_note: 'Required headers: Accept, Auth, Content-Type' });
      const m = /^\/v2\/merchant\/payment\/(status|reversal)\/(\d+)\/(\d+)$/.exec(req.url ?? '');
      if (!m || m[2] !== options.serviceId) return send(404, { error_code: -2, error_note: 'Not found' });
      const paymentId = m[3]!;
      const status = payments.get(paymentId);
      if (status === undefined) return send(200, { error_code: -5, error_note: 'Payment not found' });
      if (m[1] === 'status' && req.method === 'GET') return send(200, { error_code: 0, error_note: 'Success', payment_id: Number(paymentId), payment_status: status });
      if (m[1] === 'reversal' && req.method === 'DELETE') {
        const behaviour = reversal.next.shift() ?? 'ok';
        if (behaviour === 'refused') return send(200, { error_code: -10, error_note: 'Reversal is not allowed for this payment' });
        if (behaviour === '5xx') return send(502, { error: 'bad gateway' });
        if (behaviour === 'timeout') {
          // The reversal happens at Click, but the answer never reaches the shop in time.
          if (status === 2) payments.set(paymentId, -99);
          return setTimeout(() => send(200, { error_code: 0, error_note: 'Success', payment_id: Number(paymentId) }), 3000);
        }
        if (status !== 2) return send(200, { error_code: -9, error_note: 'Payment already cancelled' });
        payments.set(paymentId, -99);
        return send(200, { error_code: 0, error_note: 'Success', payment_id: Number(paymentId) });
      }
      return send(404, { error_code: -2, error_note: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/merchant`,
    calls,
    payments,
    reversal,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
