// What every staff change of the shop's content shares (docs/back-office.md "Content and settings"): the
// dependencies, the audit row written in the change's transaction with only the fields that changed, the
// 422 of a slug already used and the sanitised body of an article.
import { type z } from 'zod';
import { type Db, type DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type Localized } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditAction, type AuditService, type ContentEntity } from '../audit/index.js';
import { type StaffContext } from '../staff/index.js';
import { isEmptyArticle, sanitiseArticle } from './article-html.js';

/** The signed-in staff member a change is made by (what the audit row names). */
export type { StaffContext };

/** What a staff-side content service is built from. */
export interface ContentDeps {
  db: Db;
  clock: Clock;
  media: MediaStorage;
  audit: AuditService;
  /** After a committed change of the category tree or the brands: the catalogue's caches of this process start afresh. */
  onChange?: () => void;
}

/** A request body as its schema hands it over. */
export type In<T extends z.ZodType> = z.output<T>;
export type Values = Record<string, unknown>;

/** A text left out in all three languages. */
export const EMPTY: Localized = { uz: '', ru: '', en: '' };

/** The fields whose values differ, before and after (what the audit log shows). */
export function diff(before: Values, after: Values): { before: Values; after: Values } | null {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  if (keys.length === 0) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

export const slugTaken = () => new AppError('VALIDATION_FAILED', 422, { fields: { slug: 'slug_taken' } });

/** Sanitises each language of an article's body; 422 `body.<lang>` when nothing readable is left. */
export function cleanBody(body: Localized): Localized {
  const out = { uz: sanitiseArticle(body.uz), ru: sanitiseArticle(body.ru), en: sanitiseArticle(body.en) };
  const empty = (['uz', 'ru', 'en'] as const).filter((l) => isEmptyArticle(out[l]));
  if (empty.length > 0) throw new AppError('VALIDATION_FAILED', 422, { fields: Object.fromEntries(empty.map((l) => [`body.${l}`, 'article_empty'])) });
  return out;
}

/** Records a staff member's change of one content entity in the change's own transaction. */
export function auditWith(audit: AuditService) {
  return async (ctx: StaffContext, tx: DbOrTx, action: AuditAction, entity: ContentEntity, entityId: string | number, before: Values | null, after: Values | null): Promise<void> => {
    await audit.record(tx, { staffId: ctx.staff.id }, { action, entity, entityId, before, after });
  };
}

/** Calls `onChange` once `write` has committed (the catalogue's caches of the category tree and the brands). */
export const thenRefresh =
  (onChange: (() => void) | undefined) =>
  <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    const result = await write(...args);
    onChange?.();
    return result;
  };

/** A media key's public address, null without one. */
export const mediaUrl = (media: MediaStorage) => (key: string | null) => (key ? media.url(key) : null);
