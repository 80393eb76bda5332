// Paging under a list: "Previous", the page numbers around the current one with "…" for the pages left
// out (the first and the last always shown), "Next", and "page 2 of 7 · 134 in all".
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import type { PageMeta } from '../../api/types';

/** A page number to offer, or a gap ("…") where pages are left out. */
export type PageItem = number | 'gap';

/**
 * The page buttons to show for `page` of `last`: the first, the last, and `around` pages either side
 * of the current one; a run of left-out pages becomes one 'gap' — unless it is a single page, which is
 * shown instead (a "…" standing for one number saves nothing).
 */
export function pageItems(page: number, last: number, around = 1): PageItem[] {
  const total = Math.max(1, Math.floor(last));
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const shown = new Set<number>([1, total]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

export function Pager({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const last = Math.max(1, meta.last_page);
  const items = pageItems(meta.page, last);
  const first = meta.page <= 1;
  const final = meta.page >= last;
  return (
    <nav className="adm-pager" aria-label={t('pager.label')}>
      <span data-testid="pager-info">{t('pager.info', { page: meta.page, last, total: meta.total })}</span>
      <span className="adm-row">
        {/* aria-disabled, not disabled: on the last page "Next" keeps the keyboard focus that brought staff
            there (a disabled button drops it to the page's top); the shared Button ignores its presses */}
        <Button variant="secondary" className="adm-end" aria-disabled={first || undefined} onClick={() => onPage(meta.page - 1)}>
          {t('pager.previous')}
        </Button>
        {last > 1 ? (
          <ul className="adm-pages">
            {items.map((item, i) =>
              item === 'gap' ? (
                <li key={`gap-${i}`} aria-hidden="true" className="adm-pages__gap">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    className={`bz-btn ${item === meta.page ? '' : 'bz-btn--secondary'}`}
                    aria-current={item === meta.page ? 'page' : undefined}
                    aria-label={t('pager.page', { page: item })}
                    onClick={() => item !== meta.page && onPage(item)}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
          </ul>
        ) : null}
        <Button variant="secondary" className="adm-end" aria-disabled={final || undefined} onClick={() => onPage(meta.page + 1)}>
          {t('pager.next')}
        </Button>
      </span>
    </nav>
  );
}
