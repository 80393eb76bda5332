// The list table's rows: a click anywhere on a row with an address opens it; a click on a link in the
// row goes only where that link points.
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { DataTable } from '../src/components/common/DataTable';

interface Row {
  id: number;
  name: string;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function List() {
  return (
    <DataTable<Row>
      testId="table"
      rows={[{ id: 7, name: 'Tefal' }]}
      rowKey={(r) => r.id}
      rowAttrs={(r) => ({ href: `/items/${r.id}` })}
      columns={[
        { header: 'Name', cell: (r) => <span data-testid="name">{r.name}</span> },
        { header: 'Brand', cell: () => <Link to="/brands/3">Brand</Link> },
      ]}
    />
  );
}

const app = () =>
  render(
    <MemoryRouter initialEntries={['/items']}>
      <Routes>
        <Route path="/items" element={<List />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

test('a click on a cell opens the row', () => {
  app();
  fireEvent.click(screen.getByTestId('name'));
  expect(screen.getByTestId('where').textContent).toBe('/items/7');
});

test('a click on a link in the row follows the link, not the row', () => {
  app();
  fireEvent.click(screen.getByRole('link', { name: 'Brand' }));
  expect(screen.getByTestId('where').textContent).toBe('/brands/3');
});
