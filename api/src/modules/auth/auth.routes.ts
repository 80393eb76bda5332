import { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider } from '../../http/contract.js';
import { signInClient } from '../../http/device.js';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/auth.js';
import { loggedOutAnswer, otpSentAnswer, sendOtpBody, signInAnswer, userAnswer, verifyOtpBody } from './auth.schema.js';

/** docs/product.md "API calls of the storefront": /api/auth/send-otp, verify-otp, user, logout. */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.services;
  const secureCookie = app.config.publicUrl?.startsWith('https://') ?? false;

  app.post(
    '/api/auth/send-otp',
    {
      config: { access: 'public', summary: 'Texts a 5-digit sign-in code (the same answer whether or not the phone has an account).' },
      schema: { body: sendOtpBody, response: { 200: otpSentAnswer } },
    },
    async (request, reply) =>
      auth.sendOtp({ ...signInClient(request, reply), phone: request.body.phone, userType: request.body.user_type, lang: request.lang, puzzle: request.body.puzzle }),
  );

  app.post(
    '/api/auth/verify-otp',
    {
      config: { access: 'public', summary: 'Checks the code; answers a session token (also set as the bozor_session cookie), creating the customer on first sign-in.' },
      schema: { body: verifyOtpBody, response: { 200: signInAnswer } },
    },
    async (request, reply) => {
      const result = await auth.verifyOtp({ ...signInClient(request, reply), phone: request.body.phone, otp: request.body.otp });
      setSessionCookie(reply, result.access_token, secureCookie);
      return result;
    },
  );

  app.get('/api/auth/user', { config: { access: 'customer', summary: 'The signed-in shopper.' }, schema: { response: { 200: userAnswer } } }, async (request) => {
    const { customer } = await requireUser(request);
    return { user: auth.userDto(customer) };
  });

  app.post(
    '/api/auth/logout',
    { config: { access: 'customer', summary: 'Revokes the session and clears the cookie.' }, schema: { response: { 200: loggedOutAnswer } } },
    async (request, reply) => {
      await auth.logout(await requireUser(request));
      clearSessionCookie(reply, secureCookie);
      return { logged_out: true as const };
    },
  );
}
