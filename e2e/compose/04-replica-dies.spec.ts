// Story 4 of the compose test: one of the two API replicas is killed while 20 orders are in flight through
// the gateway. Every order answered 201 is in the database; each order sent again with its Idempotency-Key
// until it is answered is made once (no order twice, none lost); and the gateway stops sending to the
// dead replica (what follows is answered).
import { expect, test } from '../support/test';
import { base, containersOf, freshDigits, pickupOrderBody, postOrder, sh, signIn, sql } from './compose';

const ORDERS = 20;

/** Sends one order, again with the same key after any failure, until it is answered (or gives up). */
async function placeUntilAnswered(token: string, body: string, key: string, answered: Map<string, string>): Promise<number> {
  for (let tries = 1; ; tries++) {
    try {
      const res = await postOrder(token, body, key);
      // 201: made now; 200: the same key's order, made by an earlier try whose answer was lost
      if (res.number) {
        answered.set(key, res.number);
        return tries;
      }
      if (res.status < 500 && res.status !== 409 && res.status !== 429) throw new Error(`order ${key}: ${res.status} ${res.text}`);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('order ')) throw err;
    }
    if (tries >= 20) throw new Error(`order ${key} not answered after ${tries} tries`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('a replica killed under 20 orders in flight: every answered order is stored once, and the gateway moves on', async () => {
  const replicas = containersOf('api');
  expect(replicas).toHaveLength(2);
  const token = await signIn(freshDigits());
  const body = pickupOrderBody(ORDERS + 5);
  const keys = Array.from({ length: ORDERS }, (_, i) => `compose-${Date.now()}-${i}`);
  const answered = new Map<string, string>();
  const inFlight = keys.map((key) => placeUntilAnswered(token, body, key, answered));
  await new Promise((r) => setTimeout(r, 150));
  sh('docker', ['kill', '--signal', 'KILL', replicas[1]!]);
  try {
    const tries = await Promise.all(inFlight);
    // how many orders had to be sent again after the kill (the report shows it; the kill's timing decides)
    test.info().annotations.push({ type: 'sent again', description: `${tries.filter((t) => t > 1).length} of ${ORDERS}` });

    // each key made one order, and every number answered is stored
    expect(answered.size).toBe(ORDERS);
    const numbers = [...answered.values()];
    expect(new Set(numbers).size).toBe(ORDERS);
    const stored = sql(`select number from orders where number in (${numbers.map((n) => `'${n}'`).join(', ')})`);
    expect(stored.sort()).toEqual([...numbers].sort());
    expect(sql(`select count(*) from orders where idempotency_key in (${keys.map((k) => `'${k}'`).join(', ')})`)).toEqual([String(ORDERS)]);

    // the gateway no longer sends to the dead replica: 30 requests in a row are answered
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${base()}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
  } finally {
    sh('docker', ['start', replicas[1]!]);
  }
});
