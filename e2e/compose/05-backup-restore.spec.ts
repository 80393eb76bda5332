// Story 5 of the compose test: PostgreSQL backed up and restored exactly as docs/operations.md "Back up
// PostgreSQL" says — a pg_dump through `docker-compose exec`, a fresh PostgreSQL container on an empty
// volume, pg_restore into it — and the shop on the restored database shows the same orders (the back
// office's list through the gateway, and a shopper's session still signed in).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { base, compose, freshDigits, myOrders, pickupOrderBody, postOrder, project, sh, signIn, sql } from './compose';

const ordersNow = () => sql(`select number || ' ' || status || ' ' || payment_status || ' ' || total from orders order by id`);

test('a dump restored into a fresh PostgreSQL container gives the shop back with the same orders', async () => {
  test.setTimeout(10 * 60_000);
  // a shopper signed in before the backup: the session and the orders come back with the restore
  const token = await signIn(freshDigits());
  expect((await postOrder(token, pickupOrderBody(5), `compose-backup-${Date.now()}`)).status).toBe(201);
  const shopperOrders = await myOrders(token);
  expect(shopperOrders).toHaveLength(1);
  const before = ordersNow();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-backup-'));
  const dump = path.join(dir, 'bozor.dump');
  try {
    // docs: docker-compose exec -T postgres pg_dump -U bozor -d bozor -Fc > backup/bozor-$(date +%F).dump
    sh('sh', ['-c', `docker-compose -p ${project()} -f docker-compose.yml -f e2e/compose/docker-compose.test.yml exec -T postgres pg_dump -U bozor -d bozor -Fc > "${dump}"`]);
    expect(fs.statSync(dump).size).toBeGreaterThan(10_000);

    // a fresh PostgreSQL: the API stopped, the old container and its volume gone, a new one on an empty volume
    compose('stop', 'api');
    compose('rm', '-sf', 'postgres');
    sh('docker', ['volume', 'rm', `${project()}_pgdata`]);
    compose('up', '-d', '--no-deps', 'postgres');
    await expect.poll(() => { try { return compose('exec', '-T', 'postgres', 'pg_isready', '-U', 'bozor', '-d', 'bozor').includes('accepting'); } catch { return false; } }, { timeout: 120_000 }).toBe(true);
    expect(sql(`select count(*) from pg_tables where schemaname = 'public'`)).toEqual(['0']);

    // docs: docker-compose exec -T postgres pg_restore -U bozor -d bozor --clean --if-exists < backup/….dump
    sh('sh', ['-c', `docker-compose -p ${project()} -f docker-compose.yml -f e2e/compose/docker-compose.test.yml exec -T postgres pg_restore -U bozor -d bozor --clean --if-exists < "${dump}"`]);
    compose('up', '-d', '--no-deps', '--scale', 'api=2', 'api');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await expect.poll(async () => { try { return (await fetch(`${base()}/readyz`)).status; } catch { return 0; } }, { timeout: 180_000 }).toBe(200);
  expect(ordersNow()).toEqual(before);
  expect(await myOrders(token)).toEqual(shopperOrders);
  // the catalogue is served from the restored database too
  const products = await fetch(`${base()}/backend/api/ext/v1/resources/products`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"per_page":1}' });
  expect(products.status).toBe(200);
});
