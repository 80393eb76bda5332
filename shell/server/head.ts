// The per-route <head>: title, description, canonical, hreflang (uz, ru, en, x-default), Open Graph
// and JSON-LD. Every value is escaped; JSON-LD has "<" escaped so it cannot close its script tag.
import type { PageName } from '../../shared/src/routes.js';
import type { Lang, ProductHead } from './catalogue.js';
import { SITE_NAME, documentTitle } from '../src/routing/titles.js';
import { isNoIndex } from './titles.js';

export interface HeadInput {
  lang: Lang;
  /** Path after the language prefix, "" for home. */
  rest: string;
  /** The query that names the page itself ("?category=kettles"), kept in its canonical and language links. */
  query?: string;
  origin: string;
  page: PageName | 'notFound';
  title: string;
  description: string;
  image?: string | null;
  product?: ProductHead | null;
  stores?: { name: string; address: string; phone?: string }[];
  /** Manifest URL of the route's remote, preloaded so it loads with the shell. */
  preloadManifest?: string | null;
  /** Scripts the page will run (shell boot chunks, remote entries and chunks), preloaded. */
  preloadScripts?: string[];
  /** The page's largest picture (LCP), preloaded at high priority with the same srcset as its <img>. */
  preloadImage?: { src: string; srcSet?: string; sizes?: string } | null;
  /** This request's remotes.json, inlined so the shell needs no round trip before its first render. */
  inlineRemotes?: Record<string, string> | null;
  /** API answers the page would fetch first, inlined as JSON (read once by the remote). */
  inlineData?: Record<string, unknown> | null;
}

const OG_LOCALE: Record<Lang, string> = { uz: 'uz_UZ', ru: 'ru_RU', en: 'en_US' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export function buildHead(h: HeadInput): string {
  const path = (lang: string) => `${h.origin}/${lang}${h.rest ? `/${h.rest}` : ''}${h.query ?? ''}`;
  const url = path(h.lang);
  const title = documentTitle(h.page, h.title);
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description.slice(0, 300))}" />`,
  ];
  if (isNoIndex(h.page)) lines.push('<meta name="robots" content="noindex" />');
  if (h.page !== 'notFound') {
    lines.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
    for (const lang of ['uz', 'ru', 'en']) lines.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(path(lang))}" />`);
    lines.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(path('uz'))}" />`);
  }
  lines.push(
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${h.product ? 'product' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(h.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(h.description.slice(0, 300))}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[h.lang]}" />`,
  );
  if (h.image) lines.push(`<meta property="og:image" content="${escapeHtml(new URL(h.image, h.origin).href)}" />`);
  if (h.preloadImage) {
    const img = h.preloadImage;
    const set = img.srcSet ? ` imagesrcset="${escapeHtml(img.srcSet)}" imagesizes="${escapeHtml(img.sizes ?? '100vw')}"` : '';
    lines.push(`<link rel="preload" as="image" href="${escapeHtml(img.src)}"${set} fetchpriority="high" />`);
  }
  if (h.preloadManifest) lines.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(h.preloadManifest)}" />`);
  // low priority: they start with the HTML instead of one after the other, yet never hold up the
  // first paint (which needs none of them) or the LCP picture
  for (const src of h.preloadScripts ?? []) lines.push(`<link rel="preload" as="script" href="${escapeHtml(src)}" fetchpriority="low" />`);
  if (h.inlineRemotes && Object.keys(h.inlineRemotes).length > 0) {
    lines.push(`<script type="application/json" id="bozor-remotes">${JSON.stringify(h.inlineRemotes).replace(/</g, '\\u003c')}</script>`);
  }
  if (h.inlineData && Object.keys(h.inlineData).length > 0) {
    // not executed (type application/json), so the CSP needs no change; "<" escaped as in JSON-LD
    lines.push(`<script type="application/json" id="bozor-data">${JSON.stringify(h.inlineData).replace(/</g, '\\u003c')}</script>`);
  }

  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${h.origin}/${h.lang}`,
    logo: `${h.origin}/favicon.svg`,
  };
  if (h.page === 'home') lines.push(jsonLd(organization));
  if (h.product) {
    const p = h.product;
    lines.push(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: p.name,
        description: p.description,
        sku: p.sku ?? undefined,
        image: p.image ? [new URL(p.image, h.origin).href] : undefined,
        offers: {
          '@type': 'Offer',
          priceCurrency: 'UZS',
          price: p.price,
          availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url,
        },
      }),
    );
    const crumbs = [{ name: SITE_NAME, item: `${h.origin}/${h.lang}` }];
    if (p.category) crumbs.push({ name: p.category.name, item: `${h.origin}/${h.lang}/catalog?category=${encodeURIComponent(p.category.slug)}` });
    crumbs.push({ name: p.name, item: url });
    lines.push(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
      }),
    );
  }
  if (h.stores && h.stores.length > 0) {
    lines.push(
      jsonLd({
        ...organization,
        department: h.stores.map((s) => ({ '@type': 'Store', name: s.name, address: s.address, telephone: s.phone })),
      }),
    );
  }
  return lines.join('\n    ');
}
