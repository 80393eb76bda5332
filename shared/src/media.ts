// Responsive pictures: the API serves `/media/<key>?w=<width>` as WebP for these widths only
// (docs/api.md, "Media"). Used by the catalogue's <img srcset> and by the shell server's
// <link rel="preload" imagesrcset> for the page's LCP picture — both must give the same strings, or
// the browser would fetch the picture twice. Deliberately not exported from the package index (it is
// imported as `@bozor/shared/media`), so it adds nothing to the shared singleton's contract.

export const MEDIA_WIDTHS = [160, 320, 480, 640, 960] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** How each kind of picture is shown: the widths offered and the `sizes` of its layout (CatalogStyles). */
export const PICTURE_SLOTS = {
  /** product card in the 2/3/4-column grid; catalogue pictures are 480 px, so no wider copies */
  card: { widths: [160, 320, 480], sizes: '(min-width: 1000px) 240px, (min-width: 640px) 33vw, 50vw', fallback: 320 },
  /** the product page's main picture (max 480 px wide, one column below 800 px) */
  gallery: { widths: [320, 480], sizes: '(min-width: 800px) 480px, 100vw', fallback: 480 },
  /** 64 px thumbnails, category and brand tiles */
  tile: { widths: [160], sizes: '64px', fallback: 160 },
  /** home slides (1200×400 banners), a row of ≥280 px columns */
  slide: { widths: [320, 480, 640, 960], sizes: '(min-width: 1000px) 50vw, 100vw', fallback: 640 },
  /** blog covers */
  cover: { widths: [320, 480, 640, 960], sizes: '(min-width: 840px) 800px, 100vw', fallback: 640 },
} as const satisfies Record<string, { widths: readonly MediaWidth[]; sizes: string; fallback: MediaWidth }>;

export type PictureSlot = keyof typeof PICTURE_SLOTS;

/** True for the API's own pictures (the only ones that understand ?w=). */
export function isResizable(url: string): boolean {
  return /^\/media\/[^?#]+$/.test(url);
}

/** `src`, `srcSet` and `sizes` for an <img> of the given slot; other URLs are passed through as they are. */
export function responsiveImage(url: string, slot: PictureSlot): { src: string; srcSet?: string; sizes?: string } {
  if (!isResizable(url)) return { src: url };
  const s = PICTURE_SLOTS[slot];
  return {
    src: `${url}?w=${s.fallback}`,
    srcSet: s.widths.map((w) => `${url}?w=${w} ${w}w`).join(', '),
    sizes: s.sizes,
  };
}
