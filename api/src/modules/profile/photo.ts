import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Stored avatars are squares of this side, WebP. */
export const PHOTO_SIDE = 512;

type ImageKind = 'jpeg' | 'png' | 'webp';

/** What the bytes are, by their magic numbers — never by the name or Content-Type sent. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks an uploaded photo and re-encodes it to a WebP square (dropping metadata, EXIF
 * location included). Throws 422 PHOTO_INVALID / PHOTO_TOO_LARGE.
 */
export async function processPhoto(data: Buffer): Promise<Buffer> {
  if (data.length > PHOTO_MAX_BYTES) throw new AppError('PHOTO_TOO_LARGE', 422, { fields: { photo: 'invalid' } });
  const kind = sniffImage(data);
  if (!kind) throw new AppError('PHOTO_INVALID', 422, { fields: { photo: 'invalid' } });
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new AppError('PHOTO_INVALID', 422, { fields: { photo: 'invalid' }, cause: err });
  }
  if (meta.format !== kind && !(kind === 'jpeg' && meta.format === 'jpeg')) {
    throw new AppError('PHOTO_INVALID', 422, { fields: { photo: 'invalid' } });
  }
  if (!meta.width || !meta.height) throw new AppError('PHOTO_INVALID', 422, { fields: { photo: 'invalid' } });
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new AppError('PHOTO_TOO_LARGE', 422, { fields: { photo: 'invalid' } });
  try {
    return await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    throw new AppError('PHOTO_INVALID', 422, { fields: { photo: 'invalid' }, cause: err });
  }
}
