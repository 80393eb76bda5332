import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The page numbers to show: the first, the last, the current one and its neighbours, with "gap" for
 * the pages left out. A gap never stands for a single page: that page is shown instead.
 */
export function pageItems(page: number, lastPage: number): (number | 'gap')[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, lastPage])].filter((p) => p >= 1 && p <= lastPage).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of wanted) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && p - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push('gap');
    out.push(p);
  }
  return out;
}

/**
 * Page links (real links, so they can be opened in a new tab and crawled), with previous and next.
 * On a phone the numbers take one row and previous/next the row below (CatalogStyles), so seven
 * numbers fit 360 px.
 */
export function Pagination({ page, lastPage, hrefFor }: { page: number; lastPage: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const step = (to: number, rel: 'prev' | 'next', label: string, text: string) =>
    to >= 1 && to <= lastPage ? (
      <Link className={`bzc-pager__${rel}`} to={hrefFor(to)} rel={rel} aria-label={label} data-testid={`page-${rel}`}>
        {text}
      </Link>
    ) : (
      <span className={`bzc-pager__${rel}`} aria-disabled="true" data-testid={`page-${rel}`}>
        {text}
      </span>
    );
  return (
    <nav aria-label={t('pagination')} className="bzc-pager" data-testid="pagination">
      {step(page - 1, 'prev', t('pagePrev'), t('pagePrevShort'))}
      <ul className="bzc-pages">
        {pageItems(page, lastPage).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap${i}`} className="bzc-pages__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={hrefFor(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('pageN', { n: p })}>
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {step(page + 1, 'next', t('pageNext'), t('pageNextShort'))}
    </nav>
  );
}

/**
 * A page past the last one (an old or shared link): there are products, on the pages before. Says so, with
 * links to the first and the last page that keep the rest of the address (filters, sort, words).
 */
export function PastLastPage({ page, lastPage, hrefFor }: { page: number; lastPage: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  return (
    <div className="bzc-empty" data-testid="past-last-page">
      <p>{t('pastEnd.message', { page, count: lastPage })}</p>
      <p className="bzc-empty__links">
        <Link className="bz-btn bz-btn--secondary" to={hrefFor(1)}>
          {t('pastEnd.first')}
        </Link>
        {lastPage > 1 ? (
          <Link className="bz-btn bz-btn--secondary" to={hrefFor(lastPage)}>
            {t('pastEnd.last')}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
