import { type FastifyInstance } from 'fastify';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/auth.js';
import { type SendOtpBody, type VerifyOtpBody, sendOtpBody, verifyOtpBody } from './auth.schema.js';

/** Spec §7: /api/auth/send-otp, verify-otp, user, logout. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;
  const secureCookie = app.config.publicUrl?.startsWith('https://') ?? false;

  app.post<{ Body: SendOtpBody }>('/api/auth/send-otp', { config: { access: 'public' }, schema: { body: sendOtpBody } }, async (request) =>
    auth.sendOtp({ phone: request.body.phone, userType: request.body.user_type, ip: request.ip, lang: request.lang }),
  );

  app.post<{ Body: VerifyOtpBody }>('/api/auth/verify-otp', { config: { access: 'public' }, schema: { body: verifyOtpBody } }, async (request, reply) => {
    const result = await auth.verifyOtp({ phone: request.body.phone, otp: request.body.otp, ip: request.ip });
    setSessionCookie(reply, result.access_token, secureCookie);
    return result;
  });

  app.get('/api/auth/user', { config: { access: 'customer' } }, async (request) => {
    const { customer } = await requireUser(request);
    return { user: auth.userDto(customer) };
  });

  app.post('/api/auth/logout', { config: { access: 'customer' } }, async (request, reply) => {
    await auth.logout(await requireUser(request));
    clearSessionCookie(reply, secureCookie);
    return { logged_out: true };
  });
}
