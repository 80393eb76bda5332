import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface EskizCall {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string>;
}

/**
 * A local server speaking Eskiz.uz's protocol: `POST /api/auth/login` (form fields email,
 * password) → `{message, data: {token}}`; `POST /api/message/sms/send` with a bearer token
 * (fields mobile_phone, message, from) → `{id, message, status: "waiting"}`; 401 for a
 * token it did not issue or has expired.
 */
export async function startFakeEskiz(credentials = { email: 'shop@bozor.uz', password: 's3cret' }) {
  const calls: EskizCall[] = [];
  const state = { validToken: '', tokenCounter: 0, failSends: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const request = new Request(`http://fake${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        });
        const form = await request.formData().catch(() => new FormData());
        const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
        calls.push({ path: req.url ?? '', authorization: req.headers.authorization, fields });
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'POST' && req.url === '/api/auth/login') {
          if (fields.email !== credentials.email || fields.password !== credentials.password) return send(401, { message: 'Incorrect email or password' });
          state.tokenCounter += 1;
          state.validToken = `token-${state.tokenCounter}`;
          return send(200, { message: 'token_generated', data: { token: state.validToken }, token_type: 'bearer' });
        }
        if (req.method === 'POST' && req.url === '/api/message/sms/send') {
          if (req.headers.authorization !== `Bearer ${state.validToken}`) return send(401, { message: 'Expired' });
          if (state.failSends > 0) {
            state.failSends -= 1;
            return send(500, { message: 'Internal error' });
          }
          if (!/^998\d{9}$/.test(fields.mobile_phone ?? '')) return send(400, { message: 'Invalid phone' });
          return send(200, { id: `msg-${calls.length}`, message: 'Waiting for SMS provider', status: 'waiting' });
        }
        return send(404, { message: 'Not found' });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    calls,
    state,
    /** Makes the current token stale, as Eskiz does after 30 days. */
    expireToken: () => {
      state.validToken = 'expired-for-everyone';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
