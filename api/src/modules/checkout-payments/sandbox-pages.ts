import { randomBytes } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Lang, parseLang } from '../../i18n/lang.js';
import { clickSign } from './click-shop.js';
import { originOf } from '../../http/origin.js';
import { returnUrl } from './pay-links.js';

const TEXT = {
  uz: { test: 'SINOV SAHIFASI — haqiqiy toʻlov emas', title: 'Buyurtmani toʻlash', order: 'Buyurtma', amount: 'Summa', pay: 'Toʻlash', cancel: 'Bekor qilish', failed: 'Toʻlov oʻtmadi', back: 'Doʻkonga qaytish' },
  ru: { test: 'ТЕСТОВАЯ СТРАНИЦА — не настоящая оплата', title: 'Оплата заказа', order: 'Заказ', amount: 'Сумма', pay: 'Оплатить', cancel: 'Отмена', failed: 'Оплата не прошла', back: 'Вернуться в магазин' },
  en: { test: 'TEST PAGE — not a real payment', title: 'Pay for the order', order: 'Order', amount: 'Amount', pay: 'Pay', cancel: 'Cancel', failed: 'The payment did not go through', back: 'Back to the shop' },
} satisfies Record<Lang, Record<string, string>>;
const PROVIDER = { payme: 'Payme', click: 'Click' } as const;
type Provider = keyof typeof PROVIDER;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const query = z.object({ order: z.string().regex(/^BZ-\d{1,15}$/), a: z.string().regex(/^\d{1,15}$/).optional(), amount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/).optional(), lang: z.string().optional() });
const pressed = query.extend({ action: z.enum(['pay', 'cancel']) });

function page(provider: Provider, lang: Lang, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${PROVIDER[provider]} sandbox</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}.test{background:#b00020;color:#fff;padding:.5rem;font-weight:700;text-align:center}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}</style></head>
<body><p class="test">${t.test}</p><h1>${PROVIDER[provider]} · ${t.title}</h1>${body}</body></html>`;
}

/**
 * GET/POST /api/sandbox/payme and /api/sandbox/click, in sandbox mode only (PAYMENT_PROVIDER=sandbox, which
 * config.ts refuses beside any live payment variable, so the keys here are always made up): test pages that play
 * the provider. Pay calls the shop's own Merchant API or Click callbacks in-process, with the sandbox
 * credentials, exactly as the provider would (the same routes, authentication and code), then sends the
 * shopper to the storefront's confirmation page. Cancel sends them back unpaid, as leaving the provider's
 * page does. Plain HTML, no scripts or outside resources.
 */
export async function sandboxPages(app: FastifyInstance): Promise<void> {
  const { checkout } = app.config;

  async function payme(order: string, tiyin: number): Promise<string | null> {
    const key = checkout.payme!.key;
    const headers = { authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`, 'content-type': 'application/json' };
    const call = async (method: string, params: object) => {
      const res = await app.inject({ method: 'POST', url: '/api/payments/payme/merchant', headers, payload: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }) });
      return res.json() as { error?: { code: number; message: Record<Lang, string> } };
    };
    const id = randomBytes(12).toString('hex');
    const account = { order_id: order };
    for (const [method, params] of [
      ['CheckPerformTransaction', { amount: tiyin, account }],
      ['CreateTransaction', { id, time: app.providers.clock.now().getTime(), amount: tiyin, account }],
      ['PerformTransaction', { id }],
    ] as const) {
      const answer = await call(method, params);
      if (answer.error) return `${method}: ${answer.error.code}`;
    }
    return null;
  }

  async function click(order: string, amount: string): Promise<string | null> {
    const settings = checkout.click!;
    const now = app.providers.clock.now();
    const signTime = now.toISOString().slice(0, 19).replace('T', ' ');
    const base = { click_trans_id: String(now.getTime()), service_id: settings.serviceId, click_paydoc_id: String(now.getTime() + 1), merchant_trans_id: order, amount, error: '0', error_note: 'Success', sign_time: signTime };
    const post = async (url: string, form: Record<string, string>) =>
      (await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() })).json() as { error: number; merchant_prepare_id?: number };
    const prepareForm = { ...base, action: '0' };
    const prepared = await post('/api/payments/click/prepare', { ...prepareForm, sign_string: clickSign(prepareForm, settings.secretKey, false) });
    if (prepared.error !== 0) return `Prepare: ${prepared.error}`;
    const completeForm = { ...base, action: '1', merchant_prepare_id: String(prepared.merchant_prepare_id) };
    const completed = await post('/api/payments/click/complete', { ...completeForm, sign_string: clickSign(completeForm, settings.secretKey, true) });
    return completed.error === 0 ? null : `Complete: ${completed.error}`;
  }

  for (const provider of ['payme', 'click'] as const) {
    app.get<{ Querystring: z.infer<typeof query> }>(`/api/sandbox/${provider}`, { config: { access: 'public' }, schema: { querystring: query } }, async (request, reply) => {
      const lang = parseLang(request.query.lang);
      const t = TEXT[lang];
      const sum = provider === 'payme' ? Number(request.query.a ?? 0) / 100 : Number(request.query.amount ?? 0);
      const hidden = Object.entries(request.query)
        .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(String(v))}">`)
        .join('');
      const form = `<p>${t.order}: <b>${escape(request.query.order)}</b><br>${t.amount}: <b>${sum.toLocaleString('en').replace(/,/g, ' ')} UZS</b></p>
<form method="post">${hidden}<button name="action" value="pay">${t.pay}</button><button name="action" value="cancel">${t.cancel}</button></form>`;
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(provider, lang, form));
    });

    app.post<{ Body: z.infer<typeof pressed> }>(`/api/sandbox/${provider}`, { config: { access: 'public' }, schema: { body: pressed } }, async (request, reply) => {
      const lang = parseLang(request.body.lang);
      const back = returnUrl(originOf(request, app.config), lang, request.body.order.toUpperCase());
      if (request.body.action === 'pay') {
        const failed = provider === 'payme' ? await payme(request.body.order, Number(request.body.a ?? 0)) : await click(request.body.order, request.body.amount ?? '0');
        if (failed) {
          const t = TEXT[lang];
          return reply.status(200).type('text/html; charset=utf-8').send(page(provider, lang, `<p>${t.failed} (${escape(failed)}).</p><p><a href="${escape(back)}">${t.back}</a></p>`));
        }
      }
      return reply.redirect(back, 303);
    });
  }
}
