// Catalogue pictures drawn from an icon set and a colour (no picture can be downloaded here): used by the
// seed for the demo catalogue and by the shop to draw a missing picture on first request.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/** A generated catalogue picture: an icon on a colour, with a caption (the seed's and the shop's pictures). */
export interface SeedImage {
  /** File name under the media dir, e.g. `catalog/tefal-ko2408.webp`. */
  file: string;
  icon: string;
  background: string;
  caption: string;
}

const require = createRequire(import.meta.url);
const iconDir = path.join(path.dirname(require.resolve('lucide-static/package.json')), 'icons');
const iconCache = new Map<string, string>();
const SIZE = 480;

async function iconBody(name: string): Promise<string> {
  const cached = iconCache.get(name);
  if (cached !== undefined) return cached;
  const svg = await readFile(path.join(iconDir, `${name}.svg`), 'utf8');
  // Keep only the drawing inside the <svg> element; the wrapper's size and colour are ours.
  const body = svg.replace(/^[\s\S]*?<svg[\s\S]*?>/, '').replace(/<\/svg>\s*$/, '');
  iconCache.set(name, body);
  return body;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Dark text on light backgrounds, white on dark ones (relative luminance of the hex colour). */
function foregroundFor(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 160 ? '#212529' : '#FFFFFF';
}

/**
 * The SVG of a generated picture: a lucide icon on a rounded colour tile, with a caption below it when
 * there is one (brand and model names, the same in every language), else the icon centred.
 */
export async function pictureSvg(image: SeedImage): Promise<string> {
  const fg = foregroundFor(image.background);
  const caption = image.caption.length > 30 ? `${image.caption.slice(0, 29)}…` : image.caption;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${image.background}"/><stop offset="1" stop-color="${image.background}" stop-opacity="0.78"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="#F8F9FA"/>
<rect x="32" y="32" width="${SIZE - 64}" height="${SIZE - 64}" rx="40" fill="url(#g)"/>
<g transform="translate(132 ${caption ? 92 : 132}) scale(9)" fill="none" stroke="${fg}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${await iconBody(image.icon)}</g>
${caption ? `<text x="${SIZE / 2}" y="${SIZE - 78}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="bold" fill="${fg}">${escapeXml(caption)}</text>` : ''}
</svg>`;
}

/** Draws one picture as WebP. */
export async function renderPicture(image: Pick<SeedImage, 'icon' | 'background' | 'caption'>): Promise<Buffer> {
  return sharp(Buffer.from(await pictureSvg({ file: '', ...image }))).webp({ quality: 80 }).toBuffer();
}

/**
 * Draws every picture (deduplicated by file) and hands it to `put` — media storage, so the same
 * code fills a local disk or a bucket. Pictures are never downloaded. Returns how many were drawn.
 */
export async function renderPictures(images: readonly SeedImage[], put: (key: string, data: Buffer) => Promise<void>, concurrency = 4): Promise<number> {
  const queue = [...new Map(images.map((i) => [i.file, i])).values()];
  let written = 0;
  const worker = async (): Promise<void> => {
    for (let image = queue.pop(); image; image = queue.pop()) {
      await put(image.file, await renderPicture(image));
      written++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return written;
}
