// The catalogue's routes under /<lang>, rendered at one address with the address shown beside them: what the
// catalogue page's tests (catalog-page, catalog-filters, catalog-price) start from and read back.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import CatalogRoutes from '../src/routes';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

export const at = (path: string, lang = 'en') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={`/${lang}/*`} element={<CatalogRoutes basePath={`/${lang}`} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
export const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
/** Lets the list asked for by the last change of the address answer before the test ends. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
