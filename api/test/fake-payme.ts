import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface PaymeCall {
  method: string;
  params: Record<string, unknown>;
  auth: string | undefined;
}

/**
 * What goes wrong with the next call of `method`:
 * - `process`: whether Payme does the work (a pay debits the card) before the answer goes wrong;
 * - `answer`: `late` answers after `delayMs` (longer than the adapter's time-out: a time-out; without
 *   the work, it closes the connection then instead), `drop` closes the connection at once,
 *   `http` answers `status` (default 500) without JSON.
 */
export interface PaymeFault {
  method: string;
  process: boolean;
  answer: 'late' | 'drop' | 'http';
  delayMs?: number;
  status?: number;
}

/** Payme receipt states (developer.help.paycom.uz, "Состояния чека"): 0 created, 4 paid, 21 queued for cancellation, 50 cancelled. */
export const RECEIPT = { created: 0, paid: 4, cancelQueued: 21, cancelled: 50 } as const;

/**
 * A local JSON-RPC 2.0 server speaking Payme's Subscribe API for one test card:
 * cards.create / get_verify_code / verify / remove and receipts.create / pay / cancel / check / get,
 * with Payme's error shape `{error: {code, message: {ru, uz, en}}}`. `faults` make single calls time out,
 * drop or fail with a 5xx, after doing their work or not; with `queueCancellations` a paid receipt's
 * cancellation is queued (state 21) and done (50) only at the next receipts.check, as Payme queues refunds.
 */
export async function startFakePayme(opts = { merchantId: 'shop-cashbox', key: 'cashbox-key' }) {
  const calls: PaymeCall[] = [];
  const cards = new Map<string, { number: string; expire: string; verified: boolean; balance: number }>();
  const receipts = new Map<string, { amount: number; state: number; token?: string }>();
  const state = { balance: 10_000_000_00, httpFailure: false, queueCancellations: false };
  const faults: PaymeFault[] = [];

  const err = (code: number, en: string) => ({ error: { code, message: { ru: en, uz: en, en } } });

  /** Cancelled for good; a paid receipt's money goes back to its card. */
  function settleCancellation(receipt: { amount: number; state: number; token?: string }) {
    const card = receipt.token ? cards.get(receipt.token) : undefined;
    if (card && (receipt.state === RECEIPT.paid || receipt.state === RECEIPT.cancelQueued)) card.balance += receipt.amount;
    receipt.state = RECEIPT.cancelled;
  }

  function handle(method: string, params: Record<string, unknown>, auth: string | undefined): unknown {
    const backEnd = auth === `${opts.merchantId}:${opts.key}`;
    const frontEnd = auth === opts.merchantId || backEnd;
    if (!frontEnd) return err(-32504, 'Insufficient privileges');
    switch (method) {
      case 'cards.create': {
        const card = params.card as { number: string; expire: string };
        if (!/^\d{16}$/.test(card.number)) return err(-31300, 'Card number is invalid');
        if (card.expire !== '0399') return err(-31303, 'Card expired');
        const token = `tok_${cards.size + 1}`;
        cards.set(token, { number: card.number, expire: '03/99', verified: false, balance: state.balance });
        return { result: { card: { number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`, expire: '03/99', token, recurrent: true, verify: false, type: '22618' } } };
      }
      case 'cards.get_verify_code': {
        if (!cards.has(String(params.token))) return err(-31400, 'Card not found');
        return { result: { sent: true, phone: '99890*****31', wait: 60000 } };
      }
      case 'cards.verify': {
        const card = cards.get(String(params.token));
        if (!card) return err(-31400, 'Card not found');
        if (params.code !== '666666') return err(-31103, 'Invalid code');
        card.verified = true;
        return { result: { card: { number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`, expire: card.expire, token: params.token, recurrent: true, verify: true, type: '22618' } } };
      }
      case 'cards.remove':
        if (!backEnd) return err(-32504, 'Insufficient privileges');
        return cards.delete(String(params.token)) ? { result: { success: true } } : err(-31400, 'Card not found');
      case 'receipts.create': {
        if (!backEnd) return err(-32504, 'Insufficient privileges');
        const id = `rcpt_${receipts.size + 1}`;
        receipts.set(id, { amount: Number(params.amount), state: 0 });
        return { result: { receipt: { _id: id, state: 0, amount: params.amount } } };
      }
      case 'receipts.pay': {
        if (!backEnd) return err(-32504, 'Insufficient privileges');
        const receipt = receipts.get(String(params.id));
        const card = cards.get(String(params.token));
        if (!receipt) return err(-31602, 'Receipt not found');
        if (!card?.verified) return err(-31400, 'Card not found');
        if (receipt.state === RECEIPT.cancelled) return err(-31602, 'Receipt is cancelled');
        if (receipt.state === RECEIPT.paid) return err(-31611, 'Receipt is already paid');
        if (card.balance < receipt.amount) return err(-31630, 'Insufficient funds');
        card.balance -= receipt.amount;
        receipt.state = RECEIPT.paid;
        receipt.token = String(params.token);
        return { result: { receipt: { _id: params.id, state: RECEIPT.paid } } };
      }
      case 'receipts.cancel': {
        if (!backEnd) return err(-32504, 'Insufficient privileges');
        const receipt = receipts.get(String(params.id));
        if (!receipt) return err(-31602, 'Receipt not found');
        if (receipt.state === RECEIPT.paid && state.queueCancellations) receipt.state = RECEIPT.cancelQueued;
        else if (receipt.state !== RECEIPT.cancelQueued) settleCancellation(receipt);
        return { result: { receipt: { _id: params.id, state: receipt.state } } };
      }
      case 'receipts.check': {
        if (!backEnd) return err(-32504, 'Insufficient privileges');
        const receipt = receipts.get(String(params.id));
        if (!receipt) return err(-31602, 'Receipt not found');
        if (receipt.state === RECEIPT.cancelQueued) settleCancellation(receipt);
        return { result: { state: receipt.state } };
      }
      case 'receipts.get': {
        if (!backEnd) return err(-32504, 'Insufficient privileges');
        const receipt = receipts.get(String(params.id));
        if (!receipt) return err(-31602, 'Receipt not found');
        return { result: { receipt: { _id: params.id, state: receipt.state, amount: receipt.amount } } };
      }
      default:
        return err(-32601, 'Method not found');
    }
  }

  const pending = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { id: number; method: string; params: Record<string, unknown> };
      const auth = req.headers['x-auth'] as string | undefined;
      calls.push({ method: body.method, params: body.params, auth });
      if (state.httpFailure) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      const at = faults.findIndex((f) => f.method === body.method);
      const fault = at >= 0 ? faults.splice(at, 1)[0] : undefined;
      const answer = () => JSON.stringify({ jsonrpc: '2.0', id: body.id, ...(handle(body.method, body.params, auth) as object) });
      // The client may have given up already: writing to its closed socket must not throw here.
      res.on('error', () => undefined);
      if (!fault) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(answer());
        return;
      }
      const text = fault.process ? answer() : '';
      if (fault.answer === 'drop') {
        req.socket.destroy();
      } else if (fault.answer === 'http') {
        res.writeHead(fault.status ?? 500).end('internal error');
      } else {
        // Late: with the work done, the answer comes too late; without it, the request never got anywhere.
        const timer = setTimeout(() => {
          if (!fault.process) req.socket.destroy();
          else if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(text);
        }, fault.delayMs ?? 1000);
        pending.add(timer);
        timer.unref();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    merchantId: opts.merchantId,
    key: opts.key,
    calls,
    cards,
    receipts,
    state,
    faults,
    /** How many times `method` was called. */
    count: (method: string) => calls.filter((c) => c.method === method).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of pending) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
