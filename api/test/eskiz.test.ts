import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { otpCodes, smsOutbox } from '../src/db/schema/index.js';
import { createEskizSmsProvider } from '../src/providers/sms/eskiz.js';
import { SmsUnavailableError } from '../src/providers/sms/sms.js';
import { createTestDatabase } from './helpers.js';
import { startFakeEskiz } from './fake-eskiz.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe('Eskiz SMS adapter against a fake Eskiz server', () => {
  let eskiz: Awaited<ReturnType<typeof startFakeEskiz>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  beforeEach(async () => {
    eskiz = await startFakeEskiz();
  });
  afterEach(async () => {
    await eskiz.close();
  });
  afterAll(async () => {
    await database.close();
  });

  const provider = (password = 's3cret') =>
    createEskizSmsProvider({ baseUrl: eskiz.baseUrl, email: 'shop@bozor.uz', password, from: '4546' }, { db: database.db, log: silent });

  test('logs in once, then sends with the token: digits-only phone, message, from', async () => {
    const sms = provider();
    await sms.send({ phone: '+998901234567', text: 'Bozor: kirish kodi 12345.', secret: true });
    await sms.send({ phone: '+998911112233', text: 'Buyurtmangiz tayyor.' });
    expect(eskiz.calls.map((c) => c.path)).toEqual(['/api/auth/login', '/api/message/sms/send', '/api/message/sms/send']);
    expect(eskiz.calls[1]).toEqual({
      path: '/api/message/sms/send',
      authorization: 'Bearer token-1',
      fields: { mobile_phone: '998901234567', message: 'Bozor: kirish kodi 12345.', from: '4546' },
    });
    const outbox = await database.db.select().from(smsOutbox);
    // The code never reaches our database; other texts are kept as sent.
    expect(outbox.map((r) => r.message)).toEqual(['Bozor: kirish kodi *****.', 'Buyurtmangiz tayyor.']);
    expect(outbox[0]!.providerMessageId).toBe('msg-2');
  });

  test('a 401 means the token expired: it logs in again and retries once', async () => {
    const sms = provider();
    await sms.send({ phone: '+998901234567', text: 'one' });
    eskiz.expireToken();
    await sms.send({ phone: '+998901234567', text: 'two' });
    expect(eskiz.calls.map((c) => c.path)).toEqual([
      '/api/auth/login',
      '/api/message/sms/send',
      '/api/message/sms/send',
      '/api/auth/login',
      '/api/message/sms/send',
    ]);
    expect(eskiz.calls[4]!.authorization).toBe('Bearer token-2');
  });

  test('wrong credentials, server errors and an unreachable server become SmsUnavailableError', async () => {
    await expect(provider('wrong').send({ phone: '+998901234567', text: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
    eskiz.state.failSends = 1;
    await expect(provider().send({ phone: '+998901234567', text: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
    await eskiz.close();
    await expect(provider().send({ phone: '+998901234567', text: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
    eskiz = await startFakeEskiz();
  });

  test('through the API: a failed send answers 503 SMS_UNAVAILABLE and leaves no code behind', async () => {
    const config = loadConfig({
      SMS_PROVIDER: 'eskiz',
      ESKIZ_BASE_URL: eskiz.baseUrl,
      ESKIZ_EMAIL: 'shop@bozor.uz',
      ESKIZ_PASSWORD: 's3cret',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/bozor-eskiz-test',
    });
    const app = await buildApp(config, { logger: false, providers: { database } });
    try {
      eskiz.state.failSends = 1;
      const failed = await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: '+998935556677' }, headers: { 'x-lang': 'en' } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error.code).toBe('SMS_UNAVAILABLE');
      expect(await database.db.select().from(otpCodes)).toHaveLength(0);

      const ok = await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: '+998935556677' }, headers: { 'x-lang': 'en' } });
      expect(ok.statusCode).toBe(200);
      const sent = eskiz.calls.filter((c) => c.path === '/api/message/sms/send').at(-1)!;
      expect(sent.fields.mobile_phone).toBe('998935556677');
      expect(sent.fields.message).toMatch(/^Bozor: your sign-in code is \d{5}\./);
    } finally {
      await app.close();
    }
  });
});
