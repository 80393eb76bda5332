import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../hooks/useModal';
import { useSwipe } from '../../hooks/useSwipe';

interface Props {
  images: { url: string }[];
  index: number;
  name: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-screen picture viewer: the picture at its full size (the original file, no `?w=`: the
 * largest there is), previous/next buttons, the arrow keys and a swipe to move, Escape or × to close.
 * Moving here moves the page's gallery too (and so the chosen variant).
 */
export function ProductZoom({ images, index, name, onIndex, onClose }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const count = images.length;
  const step = (direction: 1 | -1) => count > 1 && onIndex((index + direction + count) % count);
  const swipe = useSwipe(step);
  useModal(true, box, onClose, (e) => {
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
  });
  const current = images[index];
  if (!current) return null;
  return (
    <div ref={box} className="bzc-zoom" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid="gallery-viewer">
      <div className="bzc-zoom__bar">
        <h2 id={titleId} className="bzc-zoom__title">
          {name}
        </h2>
        {count > 1 ? (
          <span className="bzc-zoom__count" aria-live="polite">
            {t('product.pictureCount', { n: index + 1, total: count })}
          </span>
        ) : null}
        <button type="button" className="bz-btn bz-btn--ghost bzc-zoom__close" aria-label={t('close')} data-testid="gallery-viewer-close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="bzc-zoom__stage" {...swipe.handlers}>
        <img src={current.url} alt={t('product.picture', { n: index + 1 })} draggable={false} data-testid="gallery-viewer-image" />
      </div>
      {count > 1 ? (
        <div className="bzc-zoom__nav">
          <button type="button" className="bz-btn bz-btn--secondary" aria-label={t('product.picturePrev')} onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className="bz-btn bz-btn--secondary" aria-label={t('product.pictureNext')} onClick={() => step(1)}>
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
