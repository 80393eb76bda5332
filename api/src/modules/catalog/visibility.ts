// Which products an account may see, as one SQL condition on `products p`: what other modules use to
// leave out hidden, archived and wholesale-only products (the catalogue's rule, kept here once).
import { type SQL, sql } from 'drizzle-orm';
import type { AccountType } from '../../db/schema/index.js';

/** Active, and either for everyone or for this account type. */
export const visibleTo = (account: AccountType): SQL => sql`p.status = 'active' and (p.visible_to is null or p.visible_to = ${account})`;
