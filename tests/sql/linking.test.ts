// Linking a purchase without reading auth.users (docs/decisions/101-linking-without-reading-auth-users.md).
// Hosted Supabase keeps row level security on auth.users and `postgres` has no BYPASSRLS, so a
// function that reads auth.users sees nobody there. PGlite runs as a superuser and cannot show
// that; the real-PostgreSQL tier runs the webhook with `postgres` NOBYPASSRLS. Here: no function
// reads auth.users, and the mirror the webhook reads instead follows every account change.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createConfirmedUser } from '../support/backend.ts';
import { type SqlBackend, startSqlBackend } from '../support/sql-backend.ts';

let backend: SqlBackend;
beforeAll(async () => {
  backend = await startSqlBackend();
});
afterAll(() => backend.close());

describe('linking without reading auth.users', () => {
  test('no function of the schemas public or private reads auth.users', async () => {
    const { rows } = await backend.db.query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prosrc ~* 'auth\\s*\\.\\s*"?users'
        order by 1`,
    );
    expect(rows).toEqual([]);
  });

  test('private.accounts follows each account: created, confirmed, email changed, deleted', async () => {
    const accountOf = async (id: string) =>
      (
        await backend.db.query<{ email: string; email_confirmed: boolean }>(
          'select email, email_confirmed from private.accounts where user_id = $1',
          [id],
        )
      ).rows;
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into auth.users (id, email) values (gen_random_uuid(), 'mirror@example.com') returning id`,
    );
    const id = rows[0]?.id ?? '';
    expect(await accountOf(id)).toEqual([{ email: 'mirror@example.com', email_confirmed: false }]);
    await backend.db.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
    expect(await accountOf(id)).toEqual([{ email: 'mirror@example.com', email_confirmed: true }]);
    await backend.db.query(`update auth.users set email = 'moved@example.com' where id = $1`, [id]);
    expect(await accountOf(id)).toEqual([{ email: 'moved@example.com', email_confirmed: true }]);
    await backend.db.query('delete from auth.users where id = $1', [id]);
    expect(await accountOf(id)).toEqual([]);
  });

  test('the webhook links by account id and by confirmed email through the mirror', async () => {
    const student = await createConfirmedUser(backend, 'Linked.Student@example.com');
    const apply = async (userId: string | null, email: string | null) => {
      const { rows } = await backend.db.query<{ result: string }>(
        `select public.stripe_apply_subscription($1, 'checkout.session.completed', now(), $2, now(), $3, $4) as result`,
        [
          `evt_${crypto.randomUUID()}`,
          { object: 'subscription', id: `sub_${crypto.randomUUID()}`, customer: 'cus_l', status: 'active' },
          userId,
          email,
        ],
      );
      return rows[0]?.result;
    };
    expect(await apply(student.id, null)).toBe('applied,linked');
    expect(await apply(null, 'linked.student@EXAMPLE.com')).toBe('applied,by_email,linked');
    expect(await apply(crypto.randomUUID(), null)).toBe('applied,unknown_user');
  });
});
