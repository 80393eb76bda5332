import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';
import { sniffImage } from '../profile/index.js';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_MAX_PIXELS = 60_000_000;
/** Stored product pictures fit in this square (the gallery's largest width is 960). */
const IMAGE_MAX_SIDE = 1600;
export const IMAGES_PER_PRODUCT = 20;

const invalid = (cause?: unknown) => new AppError('IMAGE_INVALID', 422, { fields: { image: 'invalid' }, cause });

/**
 * Checks an uploaded product picture by its bytes (JPEG, PNG or WebP — never SVG, HTML or anything a
 * browser could run, whatever the name or Content-Type say) and re-encodes it to WebP, at most
 * 1600 px a side, metadata dropped. Throws 422 IMAGE_INVALID naming the `image` field.
 */
export async function processProductImage(data: Buffer): Promise<Buffer> {
  if (data.length === 0 || data.length > IMAGE_MAX_BYTES) throw invalid();
  const kind = sniffImage(data);
  if (!kind) throw invalid();
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw invalid(err);
  }
  if (meta.format !== kind || !meta.width || !meta.height || meta.width * meta.height > IMAGE_MAX_PIXELS) throw invalid();
  try {
    return await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    throw invalid(err);
  }
}
