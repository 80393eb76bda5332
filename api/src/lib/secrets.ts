import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 5-digit sign-in code (docs/product.md "Sign-in") from the CSPRNG, leading zeros kept. */
export function newOtp(): string {
  return randomInt(0, 100_000).toString().padStart(5, '0');
}

/** A 256-bit session token, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** The stored form of a code: salted hash bound to the phone it was sent to. */
export function hashOtp(phone: string, code: string, salt: string): string {
  return sha256(`${salt}:${phone}:${code}`);
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A random file name for stored media; never derived from what the user sent. */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}
