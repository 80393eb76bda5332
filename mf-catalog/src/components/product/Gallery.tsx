import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { responsiveImage } from '@bozor/shared/media';
import type { Variant } from '../../api/types';
import { useSwipe } from '../../hooks/useSwipe';
import { pictureOption } from './productChoice';
import { ProductZoom } from './ProductZoom';

interface Props {
  images: { url: string }[];
  name: string;
  variants: Variant[];
  /** The picture shown; the page's choice (it follows the chosen variant). */
  index: number;
  onIndex: (index: number) => void;
}

/**
 * The product's pictures: one large, thumbnails as buttons to switch (a picture of a variant chooses
 * it). The large one opens the full-screen viewer; a swipe on it shows the next or previous picture.
 */
export function Gallery({ images, name, variants, index, onIndex }: Props) {
  const { t } = useTranslation();
  const [zoomed, setZoomed] = useState(false);
  const count = images.length;
  const step = (direction: 1 | -1) => count > 1 && onIndex((index + direction + count) % count);
  const swipe = useSwipe(step);
  const current = images[index] ?? images[0];
  const labelOf = (url: string, n: number) => {
    const option = pictureOption(url, variants);
    const label = option && variants.flatMap((v) => v.options).find((o) => o.code === option.code && o.value === option.value)?.label;
    return label ? t('product.pictureOf', { n, label }) : t('product.picture', { n });
  };
  return (
    <div className="bzc-gallery" data-testid="product-gallery">
      <div className="bzc-gallery__main" {...swipe.handlers}>
        {current ? (
          <button
            type="button"
            className="bzc-gallery__zoom"
            aria-label={t('product.zoom')}
            data-testid="gallery-zoom"
            onClick={() => {
              if (!swipe.clickAfterSwipe()) setZoomed(true);
            }}
          >
            <img {...responsiveImage(current.url, 'gallery')} alt={name} width={480} height={480} fetchPriority="high" draggable={false} data-testid="gallery-main-image" />
          </button>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="bzc-gallery__thumbs">
          {images.map((img, i) => (
            <button key={img.url} type="button" className="bzc-thumb" aria-label={labelOf(img.url, i + 1)} aria-pressed={i === index} onClick={() => onIndex(i)}>
              <img {...responsiveImage(img.url, 'tile')} alt="" width={64} height={64} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
      {zoomed && current ? <ProductZoom images={images} index={index} name={name} onIndex={onIndex} onClose={() => setZoomed(false)} /> : null}
    </div>
  );
}
