// The account's routes under /en, as the shell mounts them, at `path`.
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import AccountRoutes from '../src/routes';

export const renderAccount = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/en/*" element={<AccountRoutes basePath="/en" />} />
      </Routes>
    </MemoryRouter>,
  );
