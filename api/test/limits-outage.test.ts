/**
 * Redis (REDIS_URL: the rate limiter of sign-in and card add) cut off behind a proxy, refused and then
 * silent: the shopper is told "try again shortly" (503 in their language) within seconds, never an
 * internal error or a request that hangs; /readyz says not ready; and once Redis answers again sign-in
 * works without restarting the API.
 */
import { type TestApp, bearer, createTestApp } from './helpers.js';
import { type TcpProxy, startTcpProxy } from './tcp-proxy.js';

const redisUrl = process.env.TEST_REDIS_URL;
const describeIfRedis = redisUrl ? describe : describe.skip;

/** A request of a shopper who gives up after `ms` (a hung request fails the test instead of the suite). */
async function within<T>(ms: number, request: Promise<T>): Promise<{ answer: T; elapsedMs: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  const answer = await Promise.race([request, late]).finally(() => clearTimeout(timer));
  return { answer, elapsedMs: Date.now() - started };
}

describeIfRedis('Redis down (REDIS_URL through a proxy)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  // Redis keeps its counters between runs: a client address and phones of this run only.
  const ip = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const firstPhone = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  let phones = 0;
  const newPhone = () => `+99890${firstPhone + phones++}`;

  const sendOtp = (phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone }, remoteAddress: ip, headers: { 'x-lang': 'ru' } });
  const verifyOtp = (phone: string, otp: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, otp }, remoteAddress: ip, headers: { 'x-lang': 'ru' } });
  const readyz = () => t.app.inject({ url: '/readyz' });

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp('pglite', { env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  /** What a shopper and the load balancer see while Redis is cut off. */
  async function expectOutage(token: string) {
    const sent = await within(6000, sendOtp(newPhone()));
    expect(sent.answer.statusCode).toBe(503);
    expect(sent.answer.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Сервис временно недоступен.' } });
    expect(sent.answer.headers['retry-after']).toBe('5');
    expect(sent.elapsedMs).toBeLessThan(5000);

    const verified = await within(6000, verifyOtp(newPhone(), '12345'));
    expect(verified.answer.statusCode).toBe(503);
    expect(verified.answer.json().error.code).toBe('SERVICE_UNAVAILABLE');

    const card = await within(6000, t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: { ...bearer(token), 'x-lang': 'ru' }, payload: { number: '8600 0691 9540 6311', expire: '03/99' } }));
    expect(card.answer.statusCode).toBe(503);
    expect(card.answer.json().error.code).toBe('SERVICE_UNAVAILABLE');

    const ready = await within(4000, readyz());
    expect(ready.answer.statusCode).toBe(503);
    expect(ready.answer.json()).toMatchObject({ status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('redis') } });
    expect(ready.elapsedMs).toBeLessThan(3000);
  }

  /** Once Redis answers again: sign-in works within seconds, with the same app (no restart). */
  async function expectBack() {
    const deadline = Date.now() + 20_000;
    const phone = newPhone();
    let status = 0;
    while (Date.now() < deadline) {
      status = (await within(6000, sendOtp(phone))).answer.statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await readyz()).statusCode).toBe(200);
  }

  let token = '';
  test('with Redis up: sign-in works and /readyz is ready', async () => {
    const phone = newPhone();
    expect((await sendOtp(phone)).statusCode).toBe(200);
    const verified = await verifyOtp(phone, t.sms.lastCode(phone));
    expect(verified.statusCode).toBe(200);
    token = verified.json().access_token as string;
    expect((await readyz()).statusCode).toBe(200);
  });

  test('refused: 503 SERVICE_UNAVAILABLE in Russian within seconds, /readyz 503; then back by itself', async () => {
    proxy.setMode('refuse');
    await expectOutage(token);
    proxy.setMode('pass');
    await expectBack();
  }, 60_000);

  test('silent (black-holed): 503 within seconds rather than a hang, /readyz 503; then back by itself', async () => {
    proxy.setMode('blackhole');
    await expectOutage(token);
    // The client has dropped the silent connection and made a new one, which the black hole accepted and
    // never answers: still 503 within seconds.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expectOutage(token);
    // Let one more connection be made into the black hole: it stays dead after the network is back, and the
    // client must give up on it rather than wait for good.
    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy.setMode('pass');
    await expectBack();
  }, 60_000);
});
