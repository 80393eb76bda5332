// Pictures staff upload for categories, brands, slides and blog covers: checked by their bytes like
// avatars (profile/photo.ts: JPEG, PNG or WebP only, so SVG and HTML are refused), re-encoded to WebP
// without metadata, and stored through the media provider under a new random key.
import { type FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';
import { checkedParts } from '../../http/hardening.js';
import { randomName } from '../../lib/secrets.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, sniffImage } from '../profile/index.js';

/** Longest side kept for each kind (banners are wide). */
export const PICTURE_SIZES = { categories: 800, brands: 400, slides: 1920, blog: 1600 } as const;
export type PictureKind = keyof typeof PICTURE_SIZES;

const invalid = (cause?: unknown) => new AppError('PHOTO_INVALID', 422, { fields: { picture: 'invalid' }, ...(cause ? { cause } : {}) });

/** The one file of the multipart field `picture`; 422 when there is none or it is too large. */
export async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('PICTURE_REQUIRED', 422, { fields: { picture: 'required' } });
  let data: Buffer | null = null;
  for await (const part of checkedParts(request, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'picture') {
      part.file.resume();
      continue;
    }
    try {
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PHOTO_TOO_LARGE', 422, { fields: { picture: 'invalid' } });
      throw err;
    }
  }
  if (!data || data.length === 0) throw new AppError('PICTURE_REQUIRED', 422, { fields: { picture: 'required' } });
  return data;
}

/** Checks the bytes and re-encodes them to a WebP whose longest side is at most the kind's size. */
export async function processPicture(data: Buffer, kind: PictureKind): Promise<Buffer> {
  if (data.length > PHOTO_MAX_BYTES) throw new AppError('PHOTO_TOO_LARGE', 422, { fields: { picture: 'invalid' } });
  const sniffed = sniffImage(data);
  if (!sniffed) throw invalid();
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw invalid(err);
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw invalid();
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new AppError('PHOTO_TOO_LARGE', 422, { fields: { picture: 'invalid' } });
  const side = PICTURE_SIZES[kind];
  try {
    return await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    throw invalid(err);
  }
}

/** A new key for a picture of `kind` (`slides/3f…a1.webp`). */
export const pictureKey = (kind: PictureKind): string => `${kind}/${randomName()}.webp`;

/**
 * Stores the picture under a new key, points the row at it (in `apply`, audited, answering the key it
 * replaced), then removes the old file.
 */
export async function replacePicture(media: MediaStorage, data: Buffer, kind: PictureKind, apply: (key: string) => Promise<string | null>): Promise<void> {
  const webp = await processPicture(data, kind);
  const key = pictureKey(kind);
  await media.put(key, webp);
  let old: string | null;
  try {
    old = await apply(key);
  } catch (err) {
    await media.remove(key).catch(() => undefined);
    throw err;
  }
  // Seeded pictures of the demo shop (catalog/…) are drawn again on request; only our own uploads are removed.
  if (old && old.startsWith(`${kind}/`)) await media.remove(old).catch(() => undefined);
}
