import { notFound } from '../../errors.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { renderPicture } from './picture-art.js';
import { type CatalogRepository } from './catalog.repository.js';

const SAFE_KEY = /^catalog\/[a-z0-9-]+(\/[a-z0-9-]+)*\.webp$/;

/**
 * Catalogue pictures are drawn from an icon on first request, stored in media storage (disk or
 * bucket) and read from there afterwards: seeding 100 000 products costs no drawing, and the demo
 * shop's start-up does not wait for 900 pictures.
 */
export function createPictureSource(deps: { repo: CatalogRepository; media: MediaStorage }) {
  const inFlight = new Map<string, Promise<Buffer>>();
  return async function picture(key: string): Promise<Buffer> {
    if (!SAFE_KEY.test(key)) throw notFound();
    const stored = await deps.media.get(key);
    if (stored) return stored;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const work = (async () => {
      const row = await deps.repo.picture(key);
      if (!row) throw notFound();
      const data = await renderPicture(row);
      await deps.media.put(key, data);
      return data;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, work);
    return work;
  };
}
