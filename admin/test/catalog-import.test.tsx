// The catalogue's CSV import: it shows its dry run (every change and bad row) before applying, says why a file
// cannot be read, and is not for an operator.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import type { ImportReport } from '../src/api/catalog';
import { lookups } from './catalog-fixtures';

beforeEach(resetApp);

describe('CSV import', () => {
  const report = (patch: Partial<ImportReport> = {}): ImportReport => ({
    file_name: 'prices.csv',
    token: 'tok-1',
    counts: { rows: 3, changed_rows: 1, unchanged_rows: 1, bad_rows: 1, changes: 2 },
    changes: [
      { row: 2, sku: 'KT-1', field: 'price_individual', before: 350000, after: 340000 },
      { row: 2, sku: 'KT-1', field: 'stock:chilonzor', before: 5, after: 8 },
    ],
    errors: [{ row: 4, sku: 'NOPE', column: 'sku', message: 'No variant has this SKU' }],
    ...patch,
  });

  it('shows every change and bad row of the dry run; Apply waits for a file without bad rows, then sends its token', async () => {
    let answer = report();
    const api = fakeApi({
      'POST /api/admin/catalog/import/dry-run': () => ({ body: answer }),
      'GET /api/admin/catalog/lookups': { body: lookups },
      'POST /api/admin/catalog/import/apply': { body: { file_name: 'prices.csv', counts: { rows: 2, changed_rows: 1, unchanged_rows: 1, bad_rows: 0, changes: 2 } } },
    });
    renderAdmin('/catalog/import', staffMember('manager'));
    const file = new File(['sku;price_individual\nKT-1;340000\n'], 'prices.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('import-check'));
    const shown = await screen.findByTestId('import-report');
    expect(within(shown).queryByText('This is a check: nothing has been changed yet.')).not.toBeNull();
    const errors = within(screen.getByTestId('import-errors')).getAllByRole('row');
    expect(errors[1]!.textContent).toContain('4');
    expect(errors[1]!.textContent).toContain('No variant has this SKU');
    const changes = screen.getAllByTestId('import-change');
    expect(changes[0]!.textContent).toMatch(/Price, individuals.*350,000.*340,000/);
    expect(changes[1]!.textContent).toContain('Stock: Bozor Chilanzar');
    expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', true);

    answer = report({ counts: { rows: 2, changed_rows: 1, unchanged_rows: 1, bad_rows: 0, changes: 2 }, errors: [], token: 'tok-2' });
    fireEvent.click(screen.getByTestId('import-check'));
    await waitFor(() => expect(screen.getByTestId('import-apply')).toHaveProperty('disabled', false));
    expect(screen.getByTestId('import-apply').textContent).toBe('Apply 2 changes');
    fireEvent.click(screen.getByTestId('import-apply'));
    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('prices.csv is applied');
    expect(result.textContent).toContain('Rows changed: 1 · values: 2');
    expect(api.to('POST /api/admin/catalog/import/apply')).toHaveLength(1);
    const sent = (globalThis.fetch as jest.Mock).mock.calls.find(([url]) => String(url).endsWith('/import/apply'))![1] as RequestInit;
    const form = sent.body as FormData;
    expect(form.get('token')).toBe('tok-2');
    expect((form.get('file') as File).name).toBe('prices.csv');
  });

  it('a file it cannot read says why; the bad rows are counted as rows, not as messages', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { error: { code: 'IMPORT_FILE_INVALID', message: 'The file could not be read: unknown column "foo"', fields: { file: 'Invalid value.' } } },
    };
    fakeApi({ 'POST /api/admin/catalog/import/dry-run': () => answer, 'GET /api/admin/catalog/lookups': { body: lookups } });
    renderAdmin('/catalog/import', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [new File(['sku,price,foo\n'], 'bad.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByTestId('import-check'));
    expect(await screen.findByText('The file could not be read: unknown column "foo"')).toBeTruthy();
    expect(screen.queryByText('Invalid value.')).toBeNull();

    const twoOnOneRow = { row: 4, sku: 'NOPE', column: 'price_individual', message: 'Not a price' };
    answer = { status: 200, body: report({ errors: [report().errors[0]!, twoOnOneRow] }) };
    fireEvent.click(screen.getByTestId('import-check'));
    expect(await screen.findByRole('heading', { name: '1 row with errors' })).toBeTruthy();
  });

  it('is not for an operator', async () => {
    fakeApi({ 'GET /api/admin/dashboard': { body: {} } });
    renderAdmin('/catalog/import', staffMember('operator'));
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeTruthy();
  });
});
