import { useStore } from '@nanostores/react';
import { $accountType, $language } from '@bozor/shared';
import { homeSeed, loadHome } from '../api/prefetch';
import type { HomeAnswer } from '../api/types';
import { useAsync } from '@bozor/shared';

/** Everything the home page shows, in one `home` call. */
export function useHome(): { home: HomeAnswer['data'] | null; loading: boolean; error: Error | null } {
  const lang = useStore($language);
  const account = useStore($accountType);
  const { data, loading, error } = useAsync(
    `${lang}|${account}`,
    async () => (await loadHome()).data,
    () => {
      const given = homeSeed();
      return given && { value: given.value.data, markUsed: given.markUsed };
    },
  );
  return { home: data, loading, error };
}
