// The CSV import keeps the keyboard focus where staff work: "Check the file" hands it to the dry run's
// title, "Apply N changes" (whose report is then gone) to the result's title, a refusal to its message.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, holdRequests, renderAdmin, resetApp, staffMember } from './support';
import type { ImportReport } from '../src/api/catalog';

beforeEach(resetApp);

const report: ImportReport = {
  file_name: 'prices.csv',
  token: 'tok-1',
  counts: { rows: 2, changed_rows: 1, unchanged_rows: 1, bad_rows: 0, changes: 1 },
  changes: [{ row: 2, sku: 'KT-1', field: 'price_individual', before: 350000, after: 340000 }],
  errors: [],
};
const lookups = { categories: [], brands: [], stores: [], low_stock_threshold: 3 };

async function checkFile() {
  fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [new File(['sku;price_individual\nKT-1;340000\n'], 'prices.csv', { type: 'text/csv' })] } });
  const check = screen.getByTestId('import-check');
  check.focus();
  fireEvent.click(check);
  return check;
}

it('“Check the file” puts the focus on the dry run, and “Apply” on the result that replaces it', async () => {
  const api = fakeApi({
    'GET /api/admin/catalog/lookups': { body: lookups },
    'POST /api/admin/catalog/import/dry-run': { body: report },
    'POST /api/admin/catalog/import/apply': { body: { file_name: 'prices.csv', counts: report.counts } },
  });
  renderAdmin('/catalog/import', staffMember('manager'));
  await checkFile();
  const title = await screen.findByRole('heading', { name: 'Check of prices.csv' });
  await waitFor(() => expect(document.activeElement).toBe(title));
  const apply = screen.getByTestId('import-apply');
  apply.focus();
  fireEvent.click(apply);
  // a second press while sending sends nothing
  fireEvent.click(apply);
  const result = await screen.findByTestId('import-result');
  await waitFor(() => expect(document.activeElement).toBe(result.querySelector('h2')));
  expect(api.to('POST /api/admin/catalog/import/apply')).toHaveLength(1);
});

it('a check the API refuses keeps the focus on “Check the file”; Cancel in the report gives it back there', async () => {
  let answer: { status?: number; body: unknown } = { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on the server.' } } };
  fakeApi({ 'GET /api/admin/catalog/lookups': { body: lookups }, 'POST /api/admin/catalog/import/dry-run': () => answer });
  renderAdmin('/catalog/import', staffMember('manager'));
  const release = holdRequests('POST');
  const check = await checkFile();
  // while checking it says so, and keeps the focus (aria-disabled, not disabled)
  await waitFor(() => expect(check.textContent).toBe('Checking…'));
  expect(check.getAttribute('aria-disabled')).toBe('true');
  expect(check).toHaveProperty('disabled', false);
  expect(document.activeElement).toBe(check);
  release();
  expect(await screen.findByTestId('import-error')).toBeTruthy();
  expect(document.activeElement).toBe(check);
  answer = { body: report };
  fireEvent.click(check);
  await screen.findByTestId('import-report');
  const cancel = screen.getByRole('button', { name: 'Cancel' });
  cancel.focus();
  fireEvent.click(cancel);
  await waitFor(() => expect(screen.queryByTestId('import-report')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(check));
});

it('an apply refused because the data changed: the file is checked again and the focus goes to the reason', async () => {
  fakeApi({
    'GET /api/admin/catalog/lookups': { body: lookups },
    'POST /api/admin/catalog/import/dry-run': { body: report },
    'POST /api/admin/catalog/import/apply': { status: 409, body: { error: { code: 'IMPORT_STALE', message: 'The catalogue changed since the check: check the file again.' } } },
  });
  renderAdmin('/catalog/import', staffMember('manager'));
  await checkFile();
  await screen.findByTestId('import-report');
  fireEvent.click(screen.getByTestId('import-apply'));
  const message = await screen.findByText('The catalogue changed since the check: check the file again.');
  await waitFor(() => expect(document.activeElement).toBe(message));
});
