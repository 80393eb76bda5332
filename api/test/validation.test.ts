import { z } from 'zod';
import { type RequestValidationError, fieldErrors, zodValidatorCompiler } from '../src/http/validation.js';

const schema = z.strictObject({ per_page: z.number().int(), name: z.string() });

function errorsFor(data: unknown) {
  const validate = zodValidatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' } as never) as (d: unknown) => { error?: RequestValidationError };
  const result = validate(data);
  return result.error ? fieldErrors(result.error.issues, 'en') : {};
}

test('a missing field is "required", a value of the wrong type is "not valid"', () => {
  expect(errorsFor({ per_page: 'x' })).toEqual({ per_page: 'This value is not valid.', name: 'This field is required.' });
});

test('a bound says what it is: a number at most/at least the bound, a list at most so many, a text too long', () => {
  const bounded = z.strictObject({ per_page: z.number().int().min(1).max(100), tags: z.array(z.string()).max(3), name: z.string().max(5) });
  const issues = bounded.safeParse({ per_page: 101, tags: ['a', 'b', 'c', 'd'], name: 'Dilnoza' }).error!.issues;
  expect(fieldErrors(issues, 'en')).toEqual({ per_page: 'At most 100.', tags: 'At most 3 items.', name: 'Too long.' });
  expect(fieldErrors(bounded.safeParse({ per_page: 0, tags: [], name: '' }).error!.issues, 'ru')).toEqual({ per_page: 'Не меньше 1.' });
  expect(fieldErrors(issues, 'uz').per_page).toBe('Koʻpi bilan 100.');
});

test('a pool that cannot hand out a connection is a 503, not a 500', async () => {
  const { default: Fastify } = await import('fastify');
  const { registerErrorHandling } = await import('../src/http/errors.js');
  const app = Fastify();
  app.decorateRequest('lang', 'en');
  registerErrorHandling(app);
  app.get('/x', async () => {
    throw new Error('timeout exceeded when trying to connect');
  });
  // As Drizzle reports it: its own message, the pool's error as the cause.
  app.get('/drizzle', async () => {
    throw new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
  });
  for (const url of ['/x', '/drizzle']) {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
  }
  await app.close();
});
