// Loading, empty and error states, the same on every screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button } from '@bozor/shared';
import type { TFunction } from 'i18next';
import type { QueryState } from '../../hooks/useQuery';

/** The words to show for a failed call: the API's own message (in the staff member's language), else ours. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    if (error.message) return error.message;
  }
  return t('errors.generic');
}

/**
 * Shows the API's refusal of a form: a 422 (or another of `statuses`) that names fields of `keys` puts each
 * message on its field and answers '' ; anything else answers the words for above the buttons. `alias`
 * reads a field's message from another of the answer's fields (the API's name for it).
 */
export function placeError<K extends string>(
  err: unknown,
  keys: readonly K[],
  setFieldError: (key: K, error: { message: string }) => void,
  t: TFunction,
  { statuses = [422], alias = {} }: { statuses?: readonly number[]; alias?: Partial<Record<K, string>> } = {},
): string {
  if (err instanceof ApiError && statuses.includes(err.status)) {
    const messageOf = (k: K) => err.fields[k] ?? (alias[k] === undefined ? undefined : err.fields[alias[k]]);
    const found = keys.filter((k) => messageOf(k));
    for (const k of found) setFieldError(k, { message: messageOf(k) as string });
    if (found.length) return '';
  }
  return errorText(err, t);
}

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p className="adm-loading" role="status" aria-busy="true" data-testid="loading">
      {label ?? t('common:loading')}
    </p>
  );
}

/** A list's empty state: its words, and maybe a way on (a link back to the first page). */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="adm-empty" data-testid="empty">
      {children}
    </p>
  );
}

export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="adm-error adm-spread" role="alert" data-testid="error">
      <span>{errorText(error, t)}</span>
      {/* trying again cannot turn "not found" or "not allowed" into something else */}
      {onRetry && !(error instanceof ApiError && (error.status === 403 || error.status === 404)) ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** The part of a list's query that its states need. */
export type ListQuery = Pick<QueryState<{ data: readonly unknown[] }>, 'data' | 'error' | 'loading' | 'reload'>;

/** A list screen before its rows: the first load's error, the loading state, or `empty` when there are no rows. */
export function ListStates({ list, empty }: { list: ListQuery; empty: ReactNode }) {
  if (list.data) return list.data.data.length === 0 ? <Empty>{empty}</Empty> : null;
  return (
    <>
      {list.error ? <ErrorBlock error={list.error} onRetry={list.reload} /> : null}
      {list.loading ? <Loading /> : null}
    </>
  );
}
