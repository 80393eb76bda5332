import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { sameSecret } from '../../http/access.js';
import { inputProblemAt } from '../../http/hardening.js';
import { type PaymeAnswer } from './checkout-payments.schema.js';
import { PAYME, PaymeFault } from './payme-errors.js';
import { type PaymeMerchant, isPaymeMethod } from './payme-merchant.js';

type RpcId = string | number | null;
export interface PaymeRequest {
  body: string;
  authorization: string | undefined;
  ip: string;
}

/** The body as JSON; `ok: false` when it is none (-32700 once the caller is known). */
function parse(body: string): { ok: true; payload: unknown } | { ok: false } {
  try {
    return { ok: true, payload: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

/** `::ffff:185.234.113.1` (an IPv4 client on a dual-stack socket) → `185.234.113.1`. */
const plainIp = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * The JSON-RPC 2.0 envelope of the Payme Merchant API: who is calling (Basic `Paycom:<key>`, compared in
 * constant time; optionally Payme's published addresses), the request's shape, and the answer, always
 * `{jsonrpc, id, result}` or `{jsonrpc, id, error: {code, message: {uz, ru, en}, data}}` with HTTP 200.
 */
export function createPaymeRpc(deps: { merchant: PaymeMerchant; settings: NonNullable<Config['checkout']['payme']> | undefined; log: FastifyBaseLogger }) {
  function authentic(request: PaymeRequest): boolean {
    const settings = deps.settings;
    if (!settings) return false;
    if (settings.allowedIps.length > 0 && !settings.allowedIps.includes(plainIp(request.ip))) return false;
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(request.authorization ?? '');
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    return sameSecret(decoded, `Paycom:${settings.key}`);
  }

  return {
    /** A call that is not a POST: -32300, whoever sends it (it says only how to call), nothing runs. */
    notPost(): PaymeAnswer {
      return { jsonrpc: '2.0' as const, id: null, error: new PaymeFault(PAYME.notPost).toJSON() };
    },
    async handle(request: PaymeRequest): Promise<PaymeAnswer> {
      const parsed = parse(request.body);
      const rpc = parsed.ok && parsed.payload && typeof parsed.payload === 'object' && !Array.isArray(parsed.payload) ? (parsed.payload as { id?: unknown; method?: unknown; params?: unknown }) : undefined;
      // JSON-RPC answers with the request's id whenever it can be read, a -32504 too: Payme pairs answers
      // with its requests by id. A number JSON reads as Infinity (1e999) would go out as null anyway.
      const id: RpcId = typeof rpc?.id === 'string' || (typeof rpc?.id === 'number' && Number.isFinite(rpc.id)) ? rpc.id : null;
      try {
        // Credentials first: a caller without them gets -32504 whatever it sent.
        if (!authentic(request)) throw new PaymeFault(PAYME.unauthorized);
        if (!parsed.ok) throw new PaymeFault(PAYME.parse);
        if (!rpc || typeof rpc.method !== 'string' || rpc.params === undefined) throw new PaymeFault(PAYME.invalidRequest);
        if (!isPaymeMethod(rpc.method)) throw new PaymeFault(PAYME.methodNotFound, rpc.method);
        // The raw body passes the API's input guard unread: the same rule here, answered in Payme's terms (a
        // NUL or a lone surrogate in fiscal_data would fail its jsonb insert: -32400, which Payme retries).
        const bad = inputProblemAt(rpc.params, ['params']);
        if (bad) throw new PaymeFault(PAYME.invalidRequest, bad.path.join('.'));
        const result = await deps.merchant.call(rpc.method, rpc.params);
        deps.log.info({ provider: 'payme', method: rpc.method, params: rpc.params }, 'payme merchant call');
        return { jsonrpc: '2.0' as const, id, result };
      } catch (err) {
        if (err instanceof PaymeFault) {
          deps.log.info({ provider: 'payme', code: err.code, data: err.data }, 'payme merchant call refused');
          return { jsonrpc: '2.0' as const, id, error: err.toJSON() };
        }
        deps.log.error({ err }, 'payme merchant call failed');
        return { jsonrpc: '2.0' as const, id, error: new PaymeFault(PAYME.system).toJSON() };
      }
    },
  };
}

export type PaymeRpc = ReturnType<typeof createPaymeRpc>;
