import { createHash, randomBytes } from 'node:crypto';
import { type RateLimiter } from '../providers/limits/limiter.js';

/** How long an issued puzzle may be solved and used (seconds). */
export const PUZZLE_TTL_S = 300;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `nonce` solves the puzzle `token` at `bits`: SHA-256 of "token:nonce" starts with `bits` zero bits. */
export function solves(token: string, nonce: string, bits: number): boolean {
  return leadingZeroBits(createHash('sha256').update(`${token}:${nonce}`).digest()) >= bits;
}

/** A puzzle's token: 16 random bytes, then the zero bits it asks for ("…22 characters….18"). */
const TOKEN = /^([\w-]{22})\.(\d{1,2})$/;

/**
 * A proof-of-work puzzle (docs/decisions.md "Sign-in limits per phone and client"): what a client must
 * solve before one more sign-in code goes to a phone that strangers are spending. Costs a person's browser
 * about a second at OTP_PUZZLE_BITS, an attacker that for every text; each bit more doubles it. Puzzles live
 * in the shared limiter (so any API process can check one another issued), bound to the phone, used once,
 * dead after PUZZLE_TTL_S. The token carries the bits it was issued with: the whole token is the limiter's
 * key, so a token whose bits were lowered was never issued.
 */
export function createProofOfWork(deps: { limiter: RateLimiter; bits: number }) {
  // A key counts 1 when issued and 2 at its one use: 1 means never issued (or expired), 3+ a replay.
  const key = (scope: string, token: string) => `pow:${scope}:${token}`;
  return {
    bits: deps.bits,
    /** A new puzzle of `bits` zero bits (the base OTP_PUZZLE_BITS unless the caller asks for more). */
    async issue(scope: string, bits = deps.bits): Promise<{ token: string; bits: number }> {
      const token = `${randomBytes(16).toString('base64url')}.${bits}`;
      await deps.limiter.consume(key(scope, token), 2, PUZZLE_TTL_S);
      return { token, bits };
    },
    /** True once for a solved puzzle this scope was issued, of at least `atLeast` bits. */
    async redeem(scope: string, answer: { token: string; nonce: string }, atLeast = deps.bits): Promise<boolean> {
      const bits = Number(TOKEN.exec(answer.token)?.[2] ?? -1);
      if (bits < atLeast || !solves(answer.token, answer.nonce, bits)) return false;
      const used = await deps.limiter.consume(key(scope, answer.token), 2, PUZZLE_TTL_S);
      return used.count === 2;
    },
  };
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>;
