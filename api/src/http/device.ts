import { type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { limitAddress } from '../lib/address.js';

/**
 * The `bozor_device` cookie: a random id a browser keeps for 400 days, set by the sign-in calls. It is no
 * credential — it opens nothing — only the "client" that sign-in limits and codes are counted per
 * (docs/decisions.md "Sign-in limits per phone and client").
 */
export const DEVICE_COOKIE = 'bozor_device';
const DEVICE_ID = /^[\w-]{22,64}$/;

export function deviceOf(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return value && DEVICE_ID.test(value) ? value : null;
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function setDeviceCookie(reply: FastifyReply, id: string, secure: boolean): void {
  void reply.setCookie(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 400 * 86_400 });
}

/**
 * The sign-in client of a request: its device cookie, or a new one set now. Until that device signs in
 * with a phone, the limits count it by its address (modules/auth/otp-challenge.ts): an IPv6 one by its
 * /64, which its owner may rotate through freely (lib/address.ts).
 */
export function signInClient(request: FastifyRequest, reply: FastifyReply): { device: string; ip: string } {
  let device = deviceOf(request);
  if (!device) {
    device = newDeviceId();
    setDeviceCookie(reply, device, request.server.config.publicUrl?.startsWith('https://') ?? false);
  }
  return { device, ip: limitAddress(request.ip) };
}
