// The pager's page numbers ("…" for the pages left out) and the filter bar shared by every list.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pageItems } from '../src/components/common/Pager';
import { currentLocation, fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

describe('pageItems', () => {
  it('shows every page of a short list', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts "…" where more than one page is left out, keeping the first and the last', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single left-out page instead of "…"', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
  });

  it('copes with a page out of range', () => {
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(99, 10)).toEqual([1, 'gap', 9, 10]);
    expect(pageItems(1, 0)).toEqual([1]);
  });
});

const customers = (page: number, last: number) => ({
  body: { data: [{ id: 1, phone: '+998901112233', name: 'Aziz', surname: null, user_type: 'individual', company_name: null, inn: null, blocked: false, orders_count: 0, orders_total: 0, created_at: '2026-11-01T09:00:00Z' }], meta: { page, per_page: 20, total: last * 20, last_page: last } },
});

it('a page number goes into the address, the current one is marked, and "…" is not a button', async () => {
  fakeApi({ 'GET /api/admin/customers': (call) => customers(Number(call.query.get('page') ?? 1), 12) });
  renderAdmin('/customers?page=6', staffMember('operator'));
  const pages = await screen.findByRole('navigation', { name: 'Pages' });
  const buttons = [...pages.querySelectorAll('ul button')].map((b) => b.textContent);
  expect(buttons).toEqual(['1', '5', '6', '7', '12']);
  expect(pages.querySelectorAll('li[aria-hidden]')).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
  fireEvent.click(screen.getByRole('button', { name: 'Page 12' }));
  expect(currentLocation()).toBe('/customers?page=12');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Page 12' }).getAttribute('aria-current')).toBe('page'));
  expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
});

it('the filter bar sends the search when submitted (not while typing)', async () => {
  const api = fakeApi({ 'GET /api/admin/customers': customers(1, 1) });
  renderAdmin('/customers?page=2', staffMember('operator'));
  const box = await screen.findByRole('searchbox', { name: 'Phone or name' });
  fireEvent.change(box, { target: { value: '  Aziz ' } });
  expect(currentLocation()).toBe('/customers?page=2');
  fireEvent.submit(box.closest('form')!);
  expect(currentLocation()).toBe('/customers?q=Aziz');
  await waitFor(() => expect(api.to('GET /api/admin/customers').at(-1)?.query.get('q')).toBe('Aziz'));
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(currentLocation()).toBe('/customers');
});

it('"Clear filters" empties every filter and then goes', async () => {
  fakeApi({ 'GET /api/admin/audit': { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1 } } }, 'GET /api/admin/staff': { body: { data: [] } } });
  renderAdmin('/audit?entity=order&action=order.status', staffMember('owner'));
  expect(await screen.findByText('Filters (2 on)')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(currentLocation()).toBe('/audit');
  expect(screen.queryByText('Filters')).not.toBeNull();
  expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
});
