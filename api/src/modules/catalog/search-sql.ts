import { type SQL, sql } from 'drizzle-orm';
import { type AccountType } from '../../db/schema/index.js';

/**
 * Search in two steps (docs/architecture.md "Data and search"; figures in bench/RESULTS.md):
 *  1. each query word is matched against `search_vocabulary`, the catalogue's distinct words —
 *     exact 3, prefix 2, inside a word 1, otherwise its trigram similarity (typos; only for a word found
 *     neither exactly nor as a prefix) — a few hundred
 *     thousand short strings with a trigram index, so fuzzy matching stays cheap;
 *  2. `product_words` (word → product) turns the matched words into products, each scored by the
 *     sum over query words of its best matching word.
 * Short words (1–2 letters) only match word beginnings, as a typo of two letters means nothing.
 */

/** How many vocabulary words one query word may expand to. */
const WORDS_PER_TOKEN = 40;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function tokenWords(token: string, i: number): SQL {
  const exactPrefix = sql`case when v.word = ${token} then 3 when v.word like ${`${likeEscape(token)}%`} then 2`;
  if (token.length < 3) {
    return sql`(select ${i}::int as tok, v.word, (${exactPrefix} else 0 end)::real as s from search_vocabulary v
      where v.word like ${`${likeEscape(token)}%`} order by s desc, length(v.word), v.word limit ${WORDS_PER_TOKEN})`;
  }
  return sql`(select ${i}::int as tok, v.word,
      (${exactPrefix} when strpos(v.word, ${token}) > 0 then 1 else similarity(v.word, ${token}) end)::real as s
    from search_vocabulary v where v.word like ${`%${likeEscape(token)}%`} or (v.word ~ '^[a-z]+$' and v.word % ${token})
    order by s desc, length(v.word), v.word limit ${WORDS_PER_TOKEN})`;
}

/**
 * `pw.audience` an account type sees (see the schema). Written with `or`, not `in (…)`: PostgreSQL
 * before 17 cannot read an index in order past an `in` list, and the top-of-list reads need it.
 */
const seenBy = (account: AccountType | 'staff'): SQL =>
  account === 'staff' ? sql`true` : sql`(pw.audience = 1 or pw.audience = ${account === 'legal' ? 3 : 2})`;
/**
 * The words each query word stands for. A word the catalogue has as typed, or as a beginning (score ≥ 2),
 * keeps only such words: "sochiq" (towel) no longer brings "soch" (hair: dryers) by likeness, nor "tova" (a
 * pan) "бытовая" by being inside it. Only a word found neither way falls back to likeness (typos) and
 * inside-word matches.
 */
const wordsCte = (tokens: string[]): SQL => sql`search_candidates as (${sql.join(tokens.map(tokenWords), sql` union all `)}),
    search_words as (
      select c.tok, c.word, c.s from search_candidates c
      where c.s >= least(2, (select max(m.s) from search_candidates m where m.tok = c.tok))
    )`;

/**
 * `search_matches(product_id, score, rank)`: every product this account type sees that matches
 * every query word (`all`) or any (`any`), with its word score and rank (stock, popularity); `staff`
 * (the back office) sees every product, hidden and archived ones too.
 * Use it as a CTE: `with ${matchesCte(...)} select …`.
 */
export function matchesCte(tokens: string[], account: AccountType | 'staff', match: 'all' | 'any' = 'all'): SQL {
  const having = match === 'all' ? sql`having count(*) = ${tokens.length}` : sql``;
  return sql`${wordsCte(tokens)},
    search_hits as (
      select pw.product_id, w.tok, max(w.s) as s, max(pw.rank) as rank
      from search_words w join product_words pw on pw.word = w.word
      where ${seenBy(account)}
      group by pw.product_id, w.tok
    ),
    search_matches as (select product_id, sum(s)::real as score, max(rank) as rank from search_hits group by product_id ${having})`;
}

/**
 * `search_pool(product_id, score, rank)`: the best `size` matches. A one-word query reads only the
 * top of each matched word's list (the index is ordered by rank), so a word found in thousands of
 * products costs no more than a rare one.
 */
export function poolCte(tokens: string[], account: AccountType, match: 'all' | 'any', size: number): SQL {
  if (tokens.length === 1) {
    return sql`${wordsCte(tokens)},
      search_pool as (
        select h.product_id, max(w.s)::real as score, max(h.rank) as rank
        from search_words w cross join lateral (
          select pw.product_id, pw.rank from product_words pw
          where pw.word = w.word and ${seenBy(account)}
          order by pw.rank desc, pw.product_id limit ${size}
        ) h
        group by h.product_id order by score desc, rank desc, h.product_id limit ${size}
      )`;
  }
  return sql`${matchesCte(tokens, account, match)},
    search_pool as (select product_id, score, rank from search_matches order by score desc, rank desc, product_id limit ${size})`;
}

/** Exact name or SKU (200), name beginning with the query (100); needs `products p`. */
export function nameTier(phrase: string): SQL {
  return sql`(case when p.search_names like ${`%|${likeEscape(phrase)}|%`} then 200 when p.search_names like ${`%|${likeEscape(phrase)}%`} then 100 else 0 end)`;
}
