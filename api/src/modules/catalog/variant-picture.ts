/**
 * The picture of a variant among its product's pictures. The catalogue names a variant's picture after its
 * option value ("…/gorenje-mo20e3-23-l-black.webp" for `color=black`), as the product page's gallery reads
 * them (mf-catalog productChoice.ts `pictureOption`): the longest value a picture's name ends with wins
 * ("dark-grey" over "grey"). A variant without a picture of its own shows the product's first one.
 */
export function variantPicture(images: readonly string[], options: ReadonlyArray<{ value: string }>): string | undefined {
  let best: { key: string; length: number } | undefined;
  for (const key of images) {
    const name = (key.split(/[?#]/)[0]!.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '').toLowerCase();
    for (const { value } of options) {
      const v = value.toLowerCase();
      if (v && name.endsWith(`-${v}`) && (!best || v.length > best.length)) best = { key, length: v.length };
    }
  }
  return best?.key ?? images[0];
}
