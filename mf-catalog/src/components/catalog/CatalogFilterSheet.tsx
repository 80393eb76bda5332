import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import { useModal } from '../../hooks/useModal';

/** From this width the filters stand beside the list (CatalogStyles) and the sheet is not used. */
export const WIDE_QUERY = '(min-width: 900px)';

interface Props {
  /** Products for the current filter (the API's count); null while it is being asked. */
  total: number | null;
  activeCount: number;
  onClear: () => void;
  children: ReactNode;
}

/**
 * The filter panel. From 900 px it stands open beside the list; below, a "Filters" button opens it as
 * a bottom sheet whose "Show N products" closes it. Which layout applies is CSS alone, so the server's
 * HTML is right for both and nothing waits for hydration; ticks apply at once (the URL changes, N
 * follows), as on a wide screen.
 */
export function CatalogFilterSheet({ total, activeCount, onClear, children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const show = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => setOpen(false);
  useModal(open, sheet, close);
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    // turned to a wide screen with the sheet open: the panel now stands beside the list
    const wide = window.matchMedia(WIDE_QUERY);
    const onWide = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, [open]);
  return (
    <div className="bzc-filters-box" data-open={open || undefined}>
      <Button variant="secondary" className="bzc-filters-open" aria-haspopup="dialog" aria-expanded={open} data-testid="filters-open" onClick={() => setOpen(true)}>
        {activeCount > 0 ? t('filters.titleCount', { count: activeCount }) : t('filters.title')}
      </Button>
      {open ? <div className="bzc-sheet-backdrop" onClick={close} aria-hidden="true" /> : null}
      <div
        ref={sheet}
        className="bzc-sheet"
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        aria-labelledby={open ? titleId : undefined}
        tabIndex={open ? -1 : undefined}
        data-testid="filter-sheet"
      >
        <div className="bzc-sheet__head">
          <h2 id={titleId}>{t('filters.title')}</h2>
          <button type="button" className="bz-btn bz-btn--ghost" aria-label={t('close')} onClick={close}>
            ×
          </button>
        </div>
        <div className="bzc-sheet__body">{children}</div>
        <div className="bzc-sheet__foot">
          {activeCount > 0 ? (
            <Button
              variant="ghost"
              data-testid="sheet-clear"
              onClick={() => {
                onClear();
                // the button goes with the last filter: the focus stays in the open sheet
                show.current?.focus();
              }}
            >
              {t('filters.clearAll')}
            </Button>
          ) : null}
          <Button ref={show} data-testid="filters-show" aria-busy={total === null || undefined} onClick={close}>
            {total === null ? t('filters.showLoading') : t('filters.show', { count: total })}
          </Button>
        </div>
      </div>
    </div>
  );
}
