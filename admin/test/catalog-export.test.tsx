// Exporting the catalogue as CSV from the products list: the API lets an operator export it (it reads the
// catalogue), though the import page is not theirs — so the button is on the list, for every role that may.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { catalogLookups } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);
afterEach(() => jest.restoreAllMocks());

const emptyList = { body: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } } };

/** The export answers a CSV file; what the browser is asked to save is recorded. */
function withExport(answer: { status: number; body?: string } = { status: 200, body: 'sku;price_individual\nKT-1;350000\n' }) {
  const api = fakeApi({ 'GET /api/admin/products': emptyList, 'GET /api/admin/catalog/lookups': { body: catalogLookups } });
  const answerJson = globalThis.fetch;
  const exports: RequestInit[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!String(input).endsWith('/api/admin/catalog/export')) return answerJson(input, init);
    exports.push(init);
    const headers: Record<string, string> = { 'content-disposition': 'attachment; filename="bozor-catalog-2026-11-26.csv"' };
    return Promise.resolve({
      ok: answer.status < 300,
      status: answer.status,
      statusText: '',
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      text: () => Promise.resolve(answer.body ?? ''),
      blob: () => Promise.resolve(new Blob([answer.body ?? ''], { type: 'text/csv' })),
    } as unknown as Response);
  }) as typeof fetch;
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:catalog' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { api, exports, saved };
}

test('an operator exports the catalogue from the products list', async () => {
  const { exports, saved } = withExport();
  renderAdmin('/products', staffMember('operator'));
  const button = await screen.findByRole('button', { name: 'Export CSV' });
  // no import for an operator
  expect(screen.queryByText('Import / export', { selector: 'a.bz-btn' })).toBeNull();
  button.focus();
  fireEvent.click(button);
  await waitFor(() => expect(saved).toEqual(['bozor-catalog-2026-11-26.csv']));
  expect(exports).toHaveLength(1);
  expect((exports[0]!.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  expect(document.activeElement).toBe(button);
});

test('a manager has the export on the list too, beside import', async () => {
  withExport();
  renderAdmin('/products', staffMember('manager'));
  expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
  expect(screen.getByText('Import / export', { selector: 'a.bz-btn' })).toBeTruthy();
});

test('a refused export says why, next to the button', async () => {
  withExport({ status: 503, body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is busy; try again in a minute.' } }) });
  renderAdmin('/products', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
  expect((await screen.findByTestId('products-export-error')).textContent).toBe('The service is busy; try again in a minute.');
});
