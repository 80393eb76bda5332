// The shell server's tests run against a shop of their own: a built shell and a catalog remote's build
// (version 1.0.0) in a temporary folder, remotes.json naming it, and a catalogue reader that stands in
// for the API (a kettle, a product gone, a renamed and a hidden information page, a store, a home slide).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueReader } from '../catalogue.js';

export interface ShopFixture {
  dist: string;
  remotes: string;
  remotesFile: string;
  reader: CatalogueReader;
}

export function shopFixture(): ShopFixture {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-server-'));
  const dist = path.join(tmp, 'dist');
  const remotes = path.join(tmp, 'mf-catalog');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(remotes, '1.0.0'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="uz"><head><!--bozor:head--></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123abcd.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), '//sw');
  fs.writeFileSync(
    path.join(remotes, '1.0.0', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { name: 'Routes', assets: { js: { sync: ['904.aaaa1111.js', '__federation_expose_Routes.89abcdef.js'], async: ['lazy.bbbb2222.js'] } } },
        { name: 'SearchBox', assets: { js: { sync: ['__federation_expose_SearchBox.cccc3333.js'], async: [] } } },
      ],
    }),
  );
  // the shell build's list of boot chunks (shell/rspack.config.mjs, BootAssetsPlugin)
  fs.writeFileSync(path.join(dist, 'boot-assets.json'), JSON.stringify(['/assets/435.dddd4444.js', '/assets/753.eeee5555.js']));
  fs.writeFileSync(path.join(remotes, '1.0.0', '__federation_expose_Routes.89abcdef.js'), '//x');
  const remotesFile = path.join(tmp, 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify({ catalog: '/remotes/catalog/1.0.0/mf-manifest.json' }));

  const reader: CatalogueReader = {
    product: async (slug) =>
      slug === 'kettle'
        ? {
            kind: 'found',
            value: {
              name: 'Tefal <Kettle>',
              description: 'A kettle',
              slug,
              sku: 'TF-KO2576-WHITE',
              price: 450000,
              image: '/media/k.webp',
              inStock: true,
              category: { name: 'Kitchen', slug: 'kitchen' },
              answer: { product: { slug, name: 'Tefal <Kettle></script>' }, relateds: [] },
            },
          }
        : slug === 'gone'
          ? { kind: 'missing' }
          : { kind: 'unknown' },
    blog: async () => ({ kind: 'unknown' }),
    // the back office renamed the Uzbek contacts page and hid the public offer; the API knows nothing of the others
    infoPage: async (slug, lang) =>
      slug === 'public-offer' ? { kind: 'missing' } : slug === 'contacts' && lang === 'uz' ? { kind: 'found', value: { title: 'Biz bilan aloqa' } } : { kind: 'unknown' },
    home: async (lang) => ({ answer: { data: { slides: [{ image_url: `/media/slides/sale-${lang}.webp` }] } }, firstSlide: `/media/slides/sale-${lang}.webp` }),
    stores: async () => ({ list: [{ name: 'Chilonzor', address: 'Bunyodkor 1' }] }),
    slugs: async (kind) => (kind === 'categories' ? ['kitchen'] : kind === 'brands' ? ['tefal'] : []),
    listName: async (kind, slug, lang) =>
      kind === 'categories' && slug === 'kitchen' ? { uz: 'Oshxona', ru: 'Кухня', en: 'Kitchen' }[lang] : kind === 'brands' && slug === 'tefal' ? 'Tefal' : null,
    productSlugs: async () => ['kettle'],
    answer: async () => undefined,
  };
  return { dist, remotes, remotesFile, reader };
}
