// Previous / next page with "page 2 of 7 · 134 in all".
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import type { PageMeta } from '../../api/types';

export function Pager({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const last = Math.max(1, meta.last_page);
  return (
    <nav className="adm-pager" aria-label={t('pager.label')}>
      <span data-testid="pager-info">{t('pager.info', { page: meta.page, last, total: meta.total })}</span>
      <span className="adm-row">
        <Button variant="secondary" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button variant="secondary" disabled={meta.page >= last} onClick={() => onPage(meta.page + 1)}>
          {t('pager.next')}
        </Button>
      </span>
    </nav>
  );
}
