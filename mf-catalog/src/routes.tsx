// Exposed as catalog/Routes: the catalogue's route tree, mounted by the shell under /{lang}.
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router';
import { NotFoundPage, INFO_PAGES, type RemoteRoutesProps } from '@bozor/shared';
import { i18n } from './i18n';
import { CatalogStyles } from './components/common/CatalogStyles';
import { FavouritesStyles } from './components/favourites/FavouritesStyles';
import { FavouritesPage } from './pages/FavouritesPage';
import { CatalogPage } from './pages/CatalogPage';
import { HomePage } from './pages/HomePage';
import { BlogPage, BlogsPage, BrandsPage, CategoriesPage, InfoIndexPage, InfoPage, MarketsPage } from './pages/ContentPages';
import { ProductPage } from './pages/ProductPage';
import { SearchPage } from './pages/SearchPage';

export const contractVersion = __CONTRACT_VERSION__;

export default function CatalogRoutes({ basePath }: RemoteRoutesProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <CatalogStyles />
      <FavouritesStyles />
      <Routes>
        <Route index element={<HomePage basePath={basePath} />} />
        <Route path="catalog" element={<CatalogPage basePath={basePath} />} />
        <Route path="products" element={<CatalogPage basePath={basePath} titleKey="page.products" />} />
        <Route path="search" element={<SearchPage basePath={basePath} />} />
        <Route path="favourites" element={<FavouritesPage basePath={basePath} />} />
        <Route path="categories" element={<CategoriesPage basePath={basePath} />} />
        <Route path="brands" element={<BrandsPage basePath={basePath} />} />
        <Route path="blogs" element={<BlogsPage basePath={basePath} />} />
        <Route path="markets" element={<MarketsPage basePath={basePath} />} />
        <Route path="products/:slug" element={<ProductPage basePath={basePath} />} />
        <Route path="blogs/:slug" element={<BlogPage basePath={basePath} />} />
        <Route path="pages" element={<InfoIndexPage basePath={basePath} />} />
        {INFO_PAGES.filter((page) => page !== 'pages').map((page) => (
          <Route key={page} path={page} element={<InfoPage basePath={basePath} slug={page} />} />
        ))}
        <Route path="*" element={<CatalogNotFound basePath={basePath} />} />
      </Routes>
    </I18nextProvider>
  );
}

function CatalogNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={basePath} />;
}
