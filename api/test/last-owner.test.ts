/**
 * The shop always keeps an active owner: two owners disabling each other at the same moment leave one of
 * them, the other told LAST_OWNER. On PostgreSQL the two requests are made to meet: a lock on the audit log
 * (their last write) holds both until each has read what it reads, and only then lets them go; PGlite runs
 * one transaction at a time anyway.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../src/db/client.js';
import { staffSessions } from '../src/db/schema/index.js';
import { newSessionToken, sha256 } from '../src/lib/secrets.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, createTestDatabase } from './helpers.js';

describe.each(DB_KINDS)('the last active owner (%s)', (kind) => {
  let t: TestApp;
  let url: string | undefined;
  let closeDatabase: () => Promise<void>;
  const owners: Array<{ id: number; token: string }> = [];

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    url = database.url;
    closeDatabase = database.close;
    t = await createTestApp(kind, { database });
    for (const phone of ['+998901130001', '+998901130002']) {
      const added = await t.app.services.staff.add({ command: 'test' }, { phone, name: `Owner ${phone.slice(-1)}`, role: 'owner', storeId: null }, 'en');
      // a session as sign-in makes one (sign-in itself is not this test's subject)
      const token = newSessionToken();
      await t.database.db.insert(staffSessions).values({ staffId: added.id, tokenHash: sha256(token), createdAt: t.clock.now(), lastSeenAt: t.clock.now() });
      owners.push({ id: added.id, token });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await closeDatabase?.();
  });

  test('two owners disabling each other at once: one is disabled, the other answered LAST_OWNER', async () => {
    const [a, b] = owners as [{ id: number; token: string }, { id: number; token: string }];
    const disable = (by: { token: string }, whom: { id: number }) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${whom.id}`, headers: { ...bearer(by.token), 'x-lang': 'en' }, payload: { active: false } });

    let answers;
    if (url) {
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table audit_log in exclusive mode');
        const pending = Promise.all([disable(a, b), disable(b, a)]);
        // Both requests inside their transactions and waiting on a lock: the audit log's, or (with the
        // owners' rows locked) the other request's.
        const deadline = Date.now() + 20_000;
        for (;;) {
          // (inside a transaction PostgreSQL answers the activity as it first read it, unless told to read afresh)
          await blocker.query('select pg_stat_clear_snapshot()');
          const { rows } = await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n >= 2) break;
          if (Date.now() > deadline) throw new Error('the two requests never met');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await blocker.query('commit');
        answers = await pending;
      } finally {
        await blocker.end();
      }
    } else {
      answers = await Promise.all([disable(a, b), disable(b, a)]);
    }

    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error.code).toBe('LAST_OWNER');
    const active = await queryRows<{ id: number }>(t.database.db, sql`select id from staff where role = 'owner' and active`);
    expect(active).toHaveLength(1);
  });
});
