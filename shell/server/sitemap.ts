// sitemap.xml (every product, category, brand, blog and information page in the three languages)
// and robots.txt.
import type { CatalogueReader } from './catalogue.js';
import { escapeHtml } from './head.js';

const LANGS = ['uz', 'ru', 'en'] as const;
// ("products" is left out: it lists what "catalog" does, and names it as its canonical address)
const STATIC = ['', 'catalog', 'categories', 'brands', 'blogs', 'markets', 'about', 'contacts', 'delivery', 'how-to-buy', 'return', 'public-offer'];

export async function buildSitemap(origin: string, reader: CatalogueReader): Promise<string> {
  const [products, categories, brands, blogs] = await Promise.all([
    reader.productSlugs(),
    reader.slugs('categories'),
    reader.slugs('brands'),
    reader.slugs('blogs'),
  ]);
  const paths = [
    ...STATIC,
    ...products.map((s) => `products/${encodeURIComponent(s)}`),
    ...categories.map((s) => `catalog?category=${encodeURIComponent(s)}`),
    // the filter's own parameter (mf-catalog src/api/filter.ts; `catalogListQuery` keeps it in the canonical link)
    ...brands.map((s) => `catalog?brands=${encodeURIComponent(s)}`),
    ...blogs.map((s) => `blogs/${encodeURIComponent(s)}`),
  ];
  const url = (lang: string, p: string) => `${origin}/${lang}${p ? `/${p}` : ''}`;
  const entries = paths.flatMap((p) =>
    LANGS.map(
      (lang) =>
        `<url><loc>${escapeHtml(url(lang, p))}</loc>${LANGS.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeHtml(url(alt, p))}"/>`).join('')}<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(url('uz', p))}"/></url>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // the cart and the checkout are crawlable (Lighthouse's is-crawlable); their later steps say noindex
    ...['uz', 'ru', 'en'].flatMap((l) => [`Disallow: /${l}/account`, `Disallow: /${l}/search`]),
    'Disallow: /api/',
    'Disallow: /backend/',
    // …except the public reads the pages are filled from (a crawler that runs the page's scripts needs
    // them; the longer rule wins)
    'Allow: /backend/api/ext/v1/resources/',
    'Allow: /api/store/stores',
    'Allow: /api/settings/delivery',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
