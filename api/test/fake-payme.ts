import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface PaymeCall {
  method: string;
  params: Record<string, unknown>;
  auth: string | undefined;
}

/**
 * A local JSON-RPC 2.0 server speaking Payme's Subscribe API for one test card:
 * cards.create / get_verify_code / verify / remove and receipts.create / pay / cancel,
 * with Payme's error shape `{error: {code, message: {ru, uz, en}}}`.
 */
export async function startFakePayme(opts = { merchantId: 'shop-cashbox', key: 'cashbox-key' }) {
  const calls: PaymeCall[] = [];
  const cards = new Map<string, { number: string; expire: string; verified: boolean; balance: number }>();
  const receipts = new Map<string, { amount: number; state: number }>();
  const state = { balance: 10_000_000_00, httpFailure: false };

  const err = (code: number, en: string) => ({ error: { code, message: { ru: en, uz: en, en } } });

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
        if (card.balance < receipt.amount) return err(-31630, 'Insufficient funds');
        card.balance -= receipt.amount;
        receipt.state = 4;
        return { result: { receipt: { _id: params.id, state: 4 } } };
      }
      case 'receipts.cancel': {
        const receipt = receipts.get(String(params.id));
        if (!receipt) return err(-31602, 'Receipt not found');
        receipt.state = 50;
        return { result: { receipt: { _id: params.id, state: 50 } } };
      }
      default:
        return err(-32601, 'Method not found');
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (state.httpFailure) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      const body = JSON.parse(raw) as { id: number; method: string; params: Record<string, unknown> };
      const auth = req.headers['x-auth'] as string | undefined;
      calls.push({ method: body.method, params: body.params, auth });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...(handle(body.method, body.params, auth) as object) }));
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
