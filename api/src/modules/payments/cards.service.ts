import { performance } from 'node:perf_hooks';
import { type FastifyBaseLogger } from 'fastify';
import { type Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { type ErrorCode } from '../../i18n/messages.js';
import { type Clock } from '../../lib/clock.js';
import { type RateLimiter } from '../../providers/limits/limiter.js';
import { type PaymentErrorKind, type PaymentProvider, PaymentError } from '../../providers/payments/payment.js';
import { type AuthContext } from '../auth/index.js';
import { type PaymentCardRow, createCardRepository } from './cards.repository.js';
import { expiryInFuture } from './cards.schema.js';

/** Card-adding attempts per shopper per hour: stops card testing with stolen numbers. */
export const CARD_ATTEMPTS_PER_HOUR = 10;

/** How the shop answers each kind of provider refusal. */
/** Tries at a pending card's SMS code before the card is dropped. */
const CARD_CODE_TRIES = 5;

export function paymentAppError(err: PaymentError): AppError {
  const map: Record<PaymentErrorKind, [ErrorCode, 422 | 402 | 503, string?]> = {
    CARD_INVALID: ['CARD_INVALID', 422, 'number'],
    CARD_EXPIRED: ['CARD_EXPIRED', 422, 'expire'],
    CARD_NOT_FOUND: ['CARD_NOT_FOUND', 422, 'number'],
    CARD_CODE_INVALID: ['CARD_CODE_INVALID', 422, 'code'],
    CARD_CODE_EXPIRED: ['CARD_CODE_EXPIRED', 422, 'code'],
    INSUFFICIENT_FUNDS: ['INSUFFICIENT_FUNDS', 402],
    PAYMENT_DECLINED: ['PAYMENT_DECLINED', 402],
    PROVIDER_UNAVAILABLE: ['PAYMENT_UNAVAILABLE', 503],
  };
  const [code, status, field] = map[err.kind];
  return new AppError(code, status, { ...(field ? { fields: { [field]: 'invalid' } } : {}), cause: err });
}

export interface CardDto {
  id: number;
  number: string;
  expire: string;
  type: string | null;
  verified: boolean;
}

const toDto = (row: PaymentCardRow): CardDto => ({ id: row.id, number: row.numberMasked, expire: row.expire, type: row.cardType, verified: row.verified });

/** Saved cards: add (provider token + code texted to the card's phone), confirm, list, remove. */
export function createCardService(deps: { db: Db; provider: PaymentProvider; limiter: RateLimiter; clock: Clock; log: FastifyBaseLogger }) {
  const cards = createCardRepository(deps.db);
  // PAYMENT_PROVIDER=none: no card is added or paid with; adding one is a route this shop does not have (404).
  const { name } = deps.provider;
  /** One provider call, logged with its outcome and duration (never the card number or token). */
  const provider = async <T>(method: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const base = { provider: deps.provider.name, method };
    try {
      const value = await work();
      deps.log.info({ ...base, result: 'ok', ms: Math.round(performance.now() - started) }, 'payment provider call');
      return value;
    } catch (err) {
      const kind = err instanceof PaymentError ? err.kind : 'UNEXPECTED';
      deps.log.info({ ...base, result: 'error', kind, ms: Math.round(performance.now() - started) }, 'payment provider call failed');
      if (err instanceof PaymentError) throw paymentAppError(err);
      throw err;
    }
  };

  return {
    /** Whether the shop takes saved cards (PAYMENT_PROVIDER is not none): a card order is refused otherwise. */
    taken: name !== 'none',

    /** Tokenises the card with the provider and asks it to text a code to the card's phone. */
    async create(auth: AuthContext, input: { number: string; expire: string }) {
      if (name === 'none') throw notFound();
      if (!expiryInFuture(input.expire, deps.clock.now())) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { expire: 'card_expired' } });
      }
      const limit = await deps.limiter.consume(`card:add:${auth.customer.id}`, CARD_ATTEMPTS_PER_HOUR, 3600);
      if (!limit.allowed) throw new AppError('RATE_LIMITED', 429, { retryAfter: limit.retryAfterS });
      const card = await provider('cards.create', () => deps.provider.createCard(input.number, input.expire));
      const sent = await provider('cards.get_verify_code', () => deps.provider.sendVerifyCode(card.token));
      const row = await cards.insert({
        customerId: auth.customer.id,
        provider: name,
        token: card.token,
        numberMasked: card.number,
        expire: card.expire,
        cardType: card.type,
        verified: false,
      });
      await deps.limiter.consume(`card:resend:${row.id}`, 1, sent.waitS);
      return { card: toDto(row), phone: sent.phone, wait: sent.waitS };
    },

    async resendCode(auth: AuthContext, cardId: number) {
      if (name === 'none') throw notFound();
      const row = await cards.findOwned(auth.customer.id, cardId);
      if (!row || row.verified) throw notFound();
      const limit = await deps.limiter.consume(`card:resend:${row.id}`, 1, 60);
      if (!limit.allowed) throw new AppError('OTP_RESEND_TOO_SOON', 429, { retryAfter: limit.retryAfterS });
      const sent = await provider('cards.get_verify_code', () => deps.provider.sendVerifyCode(row.token));
      return { phone: sent.phone, wait: sent.waitS };
    },

    async confirm(auth: AuthContext, cardId: number, code: string) {
      if (name === 'none') throw notFound();
      const row = await cards.findOwned(auth.customer.id, cardId);
      if (!row) throw notFound();
      if (row.verified) return { card: toDto(row) };
      // Five tries per card, right or wrong: the sixth finds the card gone (a guessed code must never add it).
      const tries = await deps.limiter.consume(`card:confirm:${row.id}`, CARD_CODE_TRIES, 24 * 3600);
      if (!tries.allowed) {
        await cards.remove(auth.customer.id, row.id);
        await deps.provider.removeCard(row.token).catch((err: unknown) => deps.log.warn({ err }, 'provider could not remove a locked card token'));
        throw new AppError('CARD_CODE_LOCKED', 409);
      }
      const card = await provider('cards.verify', () => deps.provider.verifyCard(row.token, code));
      const updated = await cards.markVerified(row.id, { numberMasked: card.number, expire: card.expire, cardType: card.type });
      if (!updated) throw notFound();
      return { card: toDto(updated) };
    },

    async list(auth: AuthContext) {
      return (await cards.listVerified(auth.customer.id)).map(toDto);
    },

    /** Forgets the card here first, then asks the provider to forget the token (best effort). */
    async remove(auth: AuthContext, cardId: number) {
      const row = await cards.findOwned(auth.customer.id, cardId);
      if (!row) throw notFound();
      await cards.remove(auth.customer.id, cardId);
      await provider('cards.remove', () => deps.provider.removeCard(row.token)).catch(() => undefined);
    },

    /** The owner's verified card, for paying an order. */
    async verifiedCard(auth: AuthContext, cardId: number): Promise<PaymentCardRow | undefined> {
      const row = await cards.findOwned(auth.customer.id, cardId);
      return row?.verified ? row : undefined;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
