// The catalogue's routes under /en, rendered at one address: what most page tests start from.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import CatalogRoutes from '../src/routes';

export const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
      </Routes>
    </MemoryRouter>,
  );
