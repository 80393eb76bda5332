// One load run (bench/load.mjs): shoppers' journeys back to back for the run's seconds, a replica killed
// half-way when asked, then the checks against the database and the sign-in limits across replicas.
import crypto from 'node:crypto';
import http from 'node:http';
import { CODES_PER_ADDRESS_HOUR, PLENTY_STOCK, SCARCE_STOCK, SEARCHES, SECONDS, STEPS, nextAddress, nextPhone, percentile, request, sleep } from './common.mjs';

/** The code the log SMS provider put in its outbox for `phone` (sms_outbox, shared by all replicas). */
async function outboxCode(db, phone) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query('select message from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
    const code = rows[0]?.message.match(/\b(\d{5})\b/)?.[1];
    if (code) return code;
    await sleep(20);
  }
  return null;
}

export async function runOnce({ origin, db, hot, hotIds, replicas, vus, kill }) {
  // fresh stock for the hot variants, and where every (variant, store) stands before the run
  const half = Math.floor(hotIds.length / 2);
  await db.query('update variant_stock set quantity = $2 where variant_id = any($1)', [hotIds.slice(0, half), SCARCE_STOCK]);
  await db.query('update variant_stock set quantity = $2 where variant_id = any($1)', [hotIds.slice(half), PLENTY_STOCK]);
  const snapshot = async () =>
    (
      await db.query(
        `select s.variant_id, s.store_id, s.quantity,
                coalesce((select sum(m.quantity) from order_stock_moves m where m.variant_id = s.variant_id and m.store_id = s.store_id and m.released_at is null), 0)::int as taken
         from variant_stock s where s.variant_id = any($1) order by 1, 2`,
        [hotIds],
      )
    ).rows;
  const before = await snapshot();
  const firstOrderId = Number((await db.query('select coalesce(max(id), 0) as id from orders')).rows[0].id);

  const samples = Object.fromEntries(STEPS.map((s) => [s, []]));
  const errors = Object.fromEntries(STEPS.map((s) => [s, 0]));
  const failures = []; // { step, startedAt, endedAt, status, retry? }
  let journeys = 0;
  let soldOut = 0;
  const placed = []; // order numbers answered 201
  let killAt = null;
  const started = Date.now();
  const deadline = started + SECONDS * 1000;

  const step = async (name, promise, ok, retry) => {
    const r = await promise;
    samples[name].push(r.ms);
    if (!ok(r)) {
      errors[name]++;
      failures.push({ step: name, startedAt: r.startedAt, endedAt: r.endedAt, status: r.status, error: r.error ?? r.json?.error?.code, retry });
      return null;
    }
    return r;
  };

  async function journey(vu, n) {
    const address = nextAddress();
    const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 1 });
    const item = hot[(vu * 3 + n) % hot.length];
    const phone = nextPhone();
    try {
      const ok200 = (r) => r.status === 200;
      if (!(await step('home', request(origin, agent, 'GET', '/backend/api/ext/v1/resources/home'), ok200))) return;
      const q = encodeURIComponent(SEARCHES[(vu + n) % SEARCHES.length]);
      if (!(await step('search', request(origin, agent, 'GET', `/backend/api/ext/v1/resources/products/search?q=${q}`), ok200))) return;
      if (!(await step('product', request(origin, agent, 'GET', `/backend/api/ext/v1/resources/product/${item.slug}`), ok200))) return;
      const line = { product_id: item.product_id, variant_id: item.variant_id, quantity: 1 };
      if (!(await step('cart_check', request(origin, agent, 'POST', '/api/cart/check', { cart_data: [line] }), ok200))) return;
      if (!(await step('send_otp', request(origin, agent, 'POST', '/api/auth/send-otp', { phone }), ok200))) return;
      const otp = await outboxCode(db, phone);
      const verified = await step('verify_otp', request(origin, agent, 'POST', '/api/auth/verify-otp', { phone, otp }), (r) => r.status === 200 && r.json?.access_token);
      if (!verified) return;
      const body = {
        items: [line],
        delivery: { type: 'courier', region: 'tashkent', address: 'Amir Temur 1' },
        receiver: { name: 'Bench', surname: 'Shopper', phone },
        payment: { method: 'cash' },
      };
      const headers = { authorization: `Bearer ${verified.json.access_token}`, 'idempotency-key': `load-${crypto.randomUUID()}` };
      const order = await step(
        'order',
        request(origin, agent, 'POST', '/api/orders/', body, headers),
        (r) => r.status === 201 || (r.status === 409 && r.json?.error?.code === 'OUT_OF_STOCK'),
        { body, headers, address },
      );
      if (order?.status === 201) placed.push(order.json.order.number);
      else if (order) soldOut++;
      journeys++;
    } finally {
      agent.destroy();
    }
  }

  const killer = kill
    ? setTimeout(() => {
        killAt = Date.now();
        kill();
      }, (SECONDS * 1000) / 2)
    : null;
  await Promise.all(
    Array.from({ length: vus }, async (_, vu) => {
      for (let n = 0; Date.now() < deadline; n++) await journey(vu, n);
    }),
  );
  clearTimeout(killer);
  const elapsed = (Date.now() - started) / 1000;

  // After a kill: failures that started after it are failures of the shop, not of the kill.
  let afterKill = null;
  if (killAt) {
    const grace = 50; // a request whose connection was accepted just before the kill
    const inFlight = failures.filter((f) => f.startedAt <= killAt + grace);
    const later = failures.filter((f) => f.startedAt > killAt + grace);
    // each in-flight order sent again with its Idempotency-Key: created now, or the order that was made
    let recovered = 0;
    let replayed = 0;
    let recoveredSoldOut = 0;
    for (const f of inFlight.filter((x) => x.retry)) {
      const agent = new http.Agent({ keepAlive: false, localAddress: f.retry.address });
      const r = await request(origin, agent, 'POST', '/api/orders/', f.retry.body, f.retry.headers);
      if (r.status === 201) {
        recovered++;
        placed.push(r.json.order.number);
      } else if (r.status === 200) {
        replayed++;
        placed.push(r.json.order.number);
      } else if (r.status === 409 && r.json?.error?.code === 'OUT_OF_STOCK') recoveredSoldOut++;
    }
    afterKill = { killedAfterS: (killAt - started) / 1000, inFlight: inFlight.length, inFlightOrders: inFlight.filter((f) => f.step === 'order').length, later: later.length, laterDetail: later.slice(0, 5).map((f) => ({ step: f.step, status: f.status, error: f.error, msAfterKill: f.startedAt - killAt })), recovered, replayed, recoveredSoldOut, limits: await probeLimits(origin, db) };
  }

  // stock arithmetic and orders in the database
  const after = await snapshot();
  const stockErrors = [];
  for (const b of before) {
    const a = after.find((x) => x.variant_id === b.variant_id && x.store_id === b.store_id);
    if (a.quantity < 0) stockErrors.push(`variant ${b.variant_id} store ${b.store_id}: ${a.quantity} (below zero)`);
    if (b.quantity + b.taken !== a.quantity + a.taken) stockErrors.push(`variant ${b.variant_id} store ${b.store_id}: ${b.quantity}+${b.taken} before, ${a.quantity}+${a.taken} after`);
  }
  const { rows: made } = await db.query(
    `select o.number, o.customer_id from orders o where o.id > $1`,
    [firstOrderId],
  );
  const perCustomer = new Map();
  for (const o of made) perCustomer.set(o.customer_id, (perCustomer.get(o.customer_id) ?? 0) + 1);
  const unique = new Set(placed);
  const madeNumbers = new Set(made.map((o) => o.number));
  const check = {
    stockErrors,
    ordersInDb: made.length,
    ordersAnswered: unique.size,
    answeredButMissing: [...unique].filter((n) => !madeNumbers.has(n)).length,
    // orders made whose answer was lost and not asked again (only possible for a killed replica's in-flight ones)
    madeUnanswered: made.filter((o) => !unique.has(o.number)).length,
    doubleOrders: [...perCustomer.values()].filter((n) => n > 1).length,
  };
  const unitsSold = before.reduce((sum, b) => sum + (after.find((a) => a.variant_id === b.variant_id && a.store_id === b.store_id).taken - b.taken), 0);
  const result = {
    replicas,
    vus,
    seconds: elapsed,
    journeys,
    orders: unique.size,
    ordersPerSecond: unique.size / elapsed,
    soldOut,
    unitsSold,
    errors,
    steps: Object.fromEntries(
      STEPS.map((s) => {
        const sorted = samples[s].sort((x, y) => x - y);
        return [s, { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors: errors[s] }];
      }),
    ),
    check,
    afterKill,
  };
  process.stderr.write(`[load] ${replicas} replica(s), ${vus} shoppers: ${journeys} journeys, ${unique.size} orders, ${soldOut} sold out, errors ${JSON.stringify(errors)}${afterKill ? `, after kill ${JSON.stringify(afterKill)}` : ''}, check ${JSON.stringify(check)}\n`);
  return result;
}

/** Sign-in limits across the replicas: codes per address, and a code used up by wrong tries. */
async function probeLimits(origin, db) {
  const address = nextAddress();
  const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 1 });
  const statuses = [];
  for (let i = 0; i < CODES_PER_ADDRESS_HOUR + 5; i++) statuses.push((await request(origin, agent, 'POST', '/api/auth/send-otp', { phone: nextPhone() })).status);
  agent.destroy();
  const sent = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;

  const other = new http.Agent({ keepAlive: true, localAddress: nextAddress(), maxSockets: 1 });
  const phone = nextPhone();
  await request(origin, other, 'POST', '/api/auth/send-otp', { phone });
  const code = await outboxCode(db, phone);
  const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
  const wrongAnswers = [];
  for (let i = 0; i < 5; i++) wrongAnswers.push((await request(origin, other, 'POST', '/api/auth/verify-otp', { phone, otp: wrong })).json?.error?.code);
  const right = await request(origin, other, 'POST', '/api/auth/verify-otp', { phone, otp: code });
  other.destroy();
  return { codesAsked: statuses.length, sent, limited, wrongAnswers, rightCodeAfterFiveWrong: right.status };
}
