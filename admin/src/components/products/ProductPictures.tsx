// A product's pictures on its page: once it is saved each change goes to the API at once; before, the
// files chosen wait and are uploaded right after it is created.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@bozor/shared';
import { api } from '../../api';
import type { AdminProduct } from '../../api/catalog';
import { errorText } from '../common/States';
import { thumbUrl } from '../../pages/products/thumb';
import { moved, PicturesEditor, type PictureItem } from './PicturesEditor';

/** Pictures of a saved product: each change goes to the API at once. */
export function SavedPictures({ product, readOnly, onProduct }: { product: AdminProduct; readOnly: boolean; onProduct: (p: AdminProduct) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (send: () => Promise<{ product: AdminProduct }>) => {
    setBusy(true);
    setError('');
    try {
      onProduct((await send()).product);
    } catch (err) {
      // a refused file: the API's message says what a picture must be (its field says only "invalid")
      if (err instanceof ApiError && err.code === 'IMAGE_INVALID') setError(err.message);
      else setError(err instanceof ApiError && (err.fields.image || err.fields.keys) ? (err.fields.image ?? err.fields.keys ?? '') : errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const keys = product.images.map((i) => i.key);
  const items: PictureItem[] = product.images.map((img, i) => ({ key: img.key, url: thumbUrl(img.url), alt: t('products.pictureN', { n: i + 1 }) }));
  return (
    <PicturesEditor
      items={items}
      readOnly={readOnly}
      busy={busy}
      error={error}
      onAdd={(files) => void run(() => api.addImages(product.id, files))}
      onMove={(from, to) => run(() => api.setImages(product.id, moved(keys, from, to)))}
      onRemove={(i) => void run(() => api.setImages(product.id, keys.filter((_, k) => k !== i)))}
    />
  );
}

/** Pictures chosen before the product exists: uploaded right after it is created. */
export function PendingPictures({ files, onFiles }: { files: File[]; onFiles: (f: File[]) => void }) {
  const { t } = useTranslation();
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  const items: PictureItem[] = files.map((f, i) => ({ key: `${i}-${f.name}-${f.size}`, url: urls[i] ?? '', alt: f.name }));
  return (
    <PicturesEditor
      items={items}
      readOnly={false}
      hint={t('products.picturesOnSave')}
      onAdd={(added) => onFiles([...files, ...added])}
      onMove={(from, to) => onFiles(moved(files, from, to))}
      onRemove={(i) => onFiles(files.filter((_, k) => k !== i))}
    />
  );
}
