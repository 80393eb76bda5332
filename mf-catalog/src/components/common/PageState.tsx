import type { ReactNode } from 'react';
import { NotFoundPage, ApiError } from '@bozor/shared';
import { i18n } from '../../i18n';
import { ErrorState } from './ErrorState';
import { Skeleton } from './Skeleton';

/** Loading skeleton, 404, error, or the content — the same four states on every content page. */
export function PageState<T>({ state, path, basePath, children }: { state: { data: T | null; loading: boolean; error: Error | null }; path: string; basePath: string; children: (data: T) => ReactNode }) {
  if (state.error instanceof ApiError && state.error.status === 404) return <NotFoundPage path={path} i18n={i18n} homeHref={basePath} />;
  if (state.error) return <ErrorState />;
  if (state.loading || state.data === null)
    return (
      <div aria-busy="true">
        <Skeleton height={32} width="60%" />
        <Skeleton height={200} />
      </div>
    );
  return <>{children(state.data)}</>;
}
