// Brands, blogs, a blog article, information pages, the stores and the category list: small pages that
// each show one API answer.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { responsiveImage } from '@bozor/shared/media';
import { $categories, $language, INFO_PAGES, formatPhone, useAnnouncePageName, useHydrated } from '@bozor/shared';
import { categoriesSeed } from '../api/prefetch';
import { useBlog, useBlogs, useBrands, useInfoPage, useMarkets } from '../hooks/useContent';
import { MarketsMap } from '../components/markets/MarketsMap';
import { NO_CATEGORIES } from '../components/catalog/categoryTrail';
import { Breadcrumbs } from '../components/common/Breadcrumbs';
import { PageState } from '../components/common/PageState';
import { Skeleton } from '../components/common/Skeleton';
import { SafeHtml } from '../components/common/SafeHtml';

interface PageProps {
  basePath: string;
}

export function BrandsPage({ basePath }: PageProps) {
  const { t } = useTranslation();
  const state = useBrands();
  return (
    <section className="bzc-page" data-testid="catalog-page-brands">
      <Breadcrumbs basePath={basePath} items={[{ label: t('page.brands') }]} />
      <h1>{t('page.brands')}</h1>
      <PageState state={state} path={`${basePath}/brands`} basePath={basePath}>
        {(brands) => (
          <ul className="bzc-tiles">
            {brands.map((b) => (
              <li key={b.slug}>
                <Link to={`${basePath}/catalog?brands=${b.slug}`}>
                  {b.logo_url ? <img {...responsiveImage(b.logo_url, 'tile')} alt="" width={64} height={64} loading="lazy" /> : null}
                  {b.name}
                  <span className="bzc-muted">{t('found', { count: b.products_count })}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </section>
  );
}

export function CategoriesPage({ basePath }: PageProps) {
  const { t } = useTranslation();
  const lang = useStore($language);
  // On a first load the server rendered the page from the tree it gave with the page, and the hydrating
  // render shows the same. The page does not read the shell's tree meanwhile: reading it makes the shell
  // ask the API for it again. In another language, and on a later visit, it reads the shell's tree.
  const [given] = useState(() => {
    const seed = categoriesSeed();
    return seed && { tree: seed.value.data, lang: $language.get(), markUsed: seed.markUsed };
  });
  const fromPage = given !== undefined && given.lang === lang;
  useEffect(() => given?.markUsed(), [given]);
  // while the page shows the tree it came with, it does not read the shell's
  const loaded = useStore(fromPage ? NO_CATEGORIES : $categories);
  // without it, the server has no tree (the shell loads it when this page first reads it): the hydrating
  // render shows the same loading state even when the tree arrived before this page's module did
  const hydrated = useHydrated();
  const categories = fromPage ? given.tree : hydrated ? loaded : [];
  return (
    <section className="bzc-page" data-testid="catalog-page-categories">
      <Breadcrumbs basePath={basePath} items={[{ label: t('page.categories') }]} />
      <h1>{t('page.categories')}</h1>
      {categories.length === 0 ? (
        // the shell loads the category tree as this page reads it
        <div aria-busy="true" data-testid="categories-loading">
          <Skeleton height={32} width="40%" />
          <Skeleton height={120} />
        </div>
      ) : null}
      <ul className="bzc-cats">
        {categories.map((c) => (
          <li key={c.slug}>
            <h2>
              <Link to={`${basePath}/catalog?category=${c.slug}`}>{c.name}</Link>
            </h2>
            <ul>
              {(c.children ?? []).map((s) => (
                <li key={s.slug}>
                  <Link to={`${basePath}/catalog?category=${s.slug}`}>{s.name}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BlogsPage({ basePath }: PageProps) {
  const { t } = useTranslation();
  const state = useBlogs();
  return (
    <section className="bzc-page" data-testid="catalog-page-blogs">
      <Breadcrumbs basePath={basePath} items={[{ label: t('page.blogs') }]} />
      <h1>{t('page.blogs')}</h1>
      <PageState state={state} path={`${basePath}/blogs`} basePath={basePath}>
        {(blogs) => (
          <ul className="bzc-blogs">
            {blogs.map((b, i) => (
              <li key={b.slug}>
                {/* a post without a cover keeps its card's picture box, so the grid's titles stay in line */}
                {b.cover_url ? (
                  <img {...responsiveImage(b.cover_url, 'card')} alt="" width={320} height={180} loading={i < 2 ? 'eager' : 'lazy'} />
                ) : (
                  <span className="bzc-blogs__nocover" aria-hidden="true" data-testid="blog-no-cover" />
                )}
                <h2>
                  <Link to={`${basePath}/blogs/${b.slug}`}>{b.title}</Link>
                </h2>
                <p>{b.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </section>
  );
}

/**
 * The name of the page a content answer shows, for `useAnnouncePageName`; empty (nothing is said) while the
 * answer is loading, when the page shows the previous one (another article's, another language's), or failed.
 */
function loadedName<T>(state: { data: T | null; loading: boolean; error: Error | null }, name: (data: T) => string): string {
  return state.loading || state.error || state.data === null ? '' : name(state.data);
}

export function BlogPage({ basePath }: PageProps) {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const state = useBlog(slug);
  // the tab names the article, as the server names it for the article loaded afresh
  useAnnouncePageName(loadedName(state, (blog) => blog.title));
  return (
    <article className="bzc-page" data-testid="catalog-page-blog">
      <PageState state={state} path={`${basePath}/blogs/${slug}`} basePath={basePath}>
        {(blog) => (
          <>
            <Breadcrumbs basePath={basePath} items={[{ label: t('page.blogs'), to: `${basePath}/blogs` }, { label: blog.title }]} />
            <h1>{blog.title}</h1>
            {blog.cover_url ? <img className="bzc-cover" {...responsiveImage(blog.cover_url, 'cover')} alt="" width={800} height={450} /> : null}
            <SafeHtml html={blog.body} testId="blog-body" />
          </>
        )}
      </PageState>
    </article>
  );
}

/** about, contacts, delivery, how-to-buy, return, public-offer: their text comes from pages/{slug}. */
export function InfoPage({ basePath, slug }: PageProps & { slug: string }) {
  const state = useInfoPage(slug);
  // the page's name as the back office last gave it (the shell only knows the usual one)
  useAnnouncePageName(loadedName(state, (page) => page.title));
  return (
    <article className="bzc-page" data-testid={`catalog-page-${slug}`}>
      <PageState state={state} path={`${basePath}/${slug}`} basePath={basePath}>
        {(page) => (
          <>
            <Breadcrumbs basePath={basePath} items={[{ label: page.title }]} />
            <h1>{page.title}</h1>
            <SafeHtml html={page.body} testId="info-body" />
          </>
        )}
      </PageState>
    </article>
  );
}

/** /pages: the list of information pages. */
export function InfoIndexPage({ basePath }: PageProps) {
  const { t } = useTranslation();
  return (
    <section className="bzc-page" data-testid="catalog-page-pages">
      <Breadcrumbs basePath={basePath} items={[{ label: t('page.pages') }]} />
      <h1>{t('page.pages')}</h1>
      <ul>
        {INFO_PAGES.filter((p) => p !== 'pages').map((p) => (
          <li key={p}>
            <Link to={`${basePath}/${p}`}>{t(`page.${p}`)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The stores with address, phone and hours, on a Yandex map when a key is configured (MarketsMap);
 * each store also links to its place on Yandex Maps, so the page works without the map.
 */
export function MarketsPage({ basePath }: PageProps) {
  const { t } = useTranslation();
  const state = useMarkets();
  return (
    <section className="bzc-page" data-testid="catalog-page-markets">
      <Breadcrumbs basePath={basePath} items={[{ label: t('page.markets') }]} />
      <h1>{t('page.markets')}</h1>
      <PageState state={state} path={`${basePath}/markets`} basePath={basePath}>
        {(markets) => (
          <>
            <MarketsMap markets={markets} />
            <ul className="bzc-markets">
              {markets.map((m) => (
                <li key={m.slug} data-testid="market">
                  <h2>{m.name}</h2>
                  <p>{m.address}</p>
                  {m.landmark ? <p className="bzc-muted">{m.landmark}</p> : null}
                  <p>
                    <a href={`tel:+${m.phone.replace(/\D/g, '')}`}>{formatPhone(m.phone)}</a>
                  </p>
                  <p>{m.hours}</p>
                  {m.location ? (
                    <a href={`https://yandex.uz/maps/?pt=${m.location.lng},${m.location.lat}&z=16&l=map`} target="_blank" rel="noopener noreferrer">
                      {t('markets.onMap')}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </PageState>
    </section>
  );
}
