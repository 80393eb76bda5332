import { type FastifyBaseLogger } from 'fastify';
import { type DbOrTx } from '../../db/client.js';
import { smsOutbox } from '../../db/schema/index.js';
import { type SmsMessage, type SmsProvider, SmsUnavailableError } from './sms.js';

export interface EskizOptions {
  baseUrl: string;
  email: string;
  password: string;
  from: string;
  timeoutMs?: number;
}

/**
 * Eskiz.uz: `POST auth/login` (email, password) gives a bearer token; `POST message/sms/send`
 * (mobile_phone as digits only, message, from) sends. A 401 means the token expired: log in
 * again once and retry. The outbox keeps a redacted copy — never the code itself.
 */
export function createEskizSmsProvider(
  options: EskizOptions,
  deps: { db: DbOrTx; log: FastifyBaseLogger; fetch?: typeof fetch },
): SmsProvider {
  const doFetch = deps.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  let token: string | null = null;

  async function post(pathName: string, fields: Record<string, string>, bearer?: string): Promise<Response> {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    try {
      return await doFetch(`${base}/${pathName}`, {
        method: 'POST',
        body,
        headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SmsUnavailableError(`${pathName}: network error`, { cause: err });
    }
  }

  async function login(): Promise<string> {
    const res = await post('auth/login', { email: options.email, password: options.password });
    if (!res.ok) throw new SmsUnavailableError(`auth/login answered ${res.status}`);
    const json = (await res.json().catch(() => null)) as { data?: { token?: unknown } } | null;
    const value = json?.data?.token;
    if (typeof value !== 'string' || value === '') throw new SmsUnavailableError('auth/login gave no token');
    token = value;
    return value;
  }

  async function sendOnce(message: SmsMessage, bearer: string): Promise<Response> {
    return post(
      'message/sms/send',
      { mobile_phone: message.phone.replace(/\D/g, ''), message: message.text, from: options.from },
      bearer,
    );
  }

  return {
    name: 'eskiz',
    async send(message: SmsMessage) {
      let res = await sendOnce(message, token ?? (await login()));
      if (res.status === 401) res = await sendOnce(message, await login());
      if (!res.ok) {
        const detail = await res.text().catch(() => '');
        deps.log.warn({ status: res.status, detail: detail.slice(0, 200) }, 'Eskiz refused an SMS');
        throw new SmsUnavailableError(`message/sms/send answered ${res.status}`);
      }
      const json = (await res.json().catch(() => ({}))) as { id?: unknown };
      const providerMessageId = json.id === undefined ? undefined : String(json.id);
      await deps.db.insert(smsOutbox).values({
        phone: message.phone,
        message: message.secret ? message.text.replace(/\d{4,}/g, (m) => '*'.repeat(m.length)) : message.text,
        provider: 'eskiz',
        providerMessageId,
      });
      return { providerMessageId };
    },
  };
}
