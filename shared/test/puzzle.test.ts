/** @jest-environment node */
import { createHash } from 'node:crypto';
import { createApiClient } from '../src/api/client';
import { sha256Words, solvePuzzle } from '../src/puzzle';

const hex = (words: Uint32Array) => Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('');
const nodeSha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the sign-in puzzle', () => {
  test.each(['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'ÿ oʻzbek ёлка 🙂'.repeat(9), 'Lx3_-token:1z'])('SHA-256 of %p matches Node’s', (text) => {
    expect(hex(sha256Words(text))).toBe(nodeSha(text));
  });

  test('a solved nonce gives the number of zero bits asked for', async () => {
    const { token, nonce } = await solvePuzzle({ token: 'AAAAAAAAAAAAAAAAAAAAAA', bits: 12 });
    expect(token).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(nodeSha(`${token}:${nonce}`)).toMatch(/^000/);
  });

  test('sendOtp solves the puzzle a 429 CHALLENGE_REQUIRED hands out and sends again with it', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      if (!body.puzzle) {
        return new Response(JSON.stringify({ error: { code: 'CHALLENGE_REQUIRED', message: 'check', challenge: { token: 'BBBBBBBBBBBBBBBBBBBBBB', bits: 8 } } }), { status: 429 });
      }
      return new Response(JSON.stringify({ sent: true, retry_after: 60, expires_in: 180 }), { status: 200 });
    }) as unknown as typeof fetch;
    const api = createApiClient({ getLang: () => 'uz', getToken: () => '', getAccountType: () => 'individual', fetch: fetchImpl });
    await expect(api.sendOtp('+998901234567', 'individual')).resolves.toEqual({ sent: true, retry_after: 60, expires_in: 180 });
    expect(bodies).toHaveLength(2);
    const puzzle = bodies[1]!.puzzle as { token: string; nonce: string };
    expect(puzzle.token).toBe('BBBBBBBBBBBBBBBBBBBBBB');
    expect(nodeSha(`${puzzle.token}:${puzzle.nonce}`)).toMatch(/^00/);
  });

  test('a harder puzzle asked for after the first was solved (the phone got busier meanwhile) is solved too', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      const token = (body.puzzle as { token?: string } | undefined)?.token;
      if (token !== 'DDDDDDDDDDDDDDDDDDDDDD.10') {
        const challenge = token ? { token: 'DDDDDDDDDDDDDDDDDDDDDD.10', bits: 10 } : { token: 'CCCCCCCCCCCCCCCCCCCCCC.8', bits: 8 };
        return new Response(JSON.stringify({ error: { code: 'CHALLENGE_REQUIRED', message: 'check', challenge } }), { status: 429 });
      }
      return new Response(JSON.stringify({ sent: true, retry_after: 60, expires_in: 180 }), { status: 200 });
    }) as unknown as typeof fetch;
    const api = createApiClient({ getLang: () => 'uz', getToken: () => '', getAccountType: () => 'individual', fetch: fetchImpl });
    await expect(api.sendOtp('+998901234567', 'individual')).resolves.toEqual({ sent: true, retry_after: 60, expires_in: 180 });
    expect(bodies.map((b) => (b.puzzle as { token: string } | undefined)?.token)).toEqual([undefined, 'CCCCCCCCCCCCCCCCCCCCCC.8', 'DDDDDDDDDDDDDDDDDDDDDD.10']);
  });

  test('other refusals reach the caller unchanged', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'later' } }), { status: 429, headers: { 'Retry-After': '30' } })) as unknown as typeof fetch;
    const api = createApiClient({ getLang: () => 'uz', getToken: () => '', getAccountType: () => 'individual', fetch: fetchImpl });
    await expect(api.sendOtp('+998901234567', 'individual')).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 });
  });
});
