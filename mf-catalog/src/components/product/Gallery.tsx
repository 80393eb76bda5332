import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { responsiveImage } from '@bozor/shared/media';

/** The product's pictures: one large, thumbnails as buttons to switch. */
export function Gallery({ images, name }: { images: { url: string }[]; name: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className="bzc-gallery" data-testid="product-gallery">
      <div className="bzc-gallery__main">
        {current ? <img {...responsiveImage(current.url, 'gallery')} alt={name} width={480} height={480} fetchPriority="high" /> : null}
      </div>
      {images.length > 1 ? (
        <div className="bzc-gallery__thumbs">
          {images.map((img, i) => (
            <button
              key={img.url}
              type="button"
              className="bzc-thumb"
              aria-label={t('product.picture', { n: i + 1 })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              <img {...responsiveImage(img.url, 'tile')} alt="" width={64} height={64} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
