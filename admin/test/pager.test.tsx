// The pager's page numbers ("…" for the pages left out) and the filter bar shared by every list; at the end of a
// list (the last page, the top item) a button does nothing but keeps the keyboard focus.
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
  expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
});

it('"Next" to the last page keeps the keyboard focus there, and pressed again goes nowhere', async () => {
  const api = fakeApi({ 'GET /api/admin/customers': (call) => customers(Number(call.query.get('page') ?? 1), 2) });
  renderAdmin('/customers', staffMember('operator'));
  const next = await screen.findByRole('button', { name: 'Next' });
  const previous = screen.getByRole('button', { name: 'Previous' });
  // on the first page "Previous" can still be reached (a disabled button is skipped by Tab and drops the focus)
  expect(previous).toHaveProperty('disabled', false);
  expect(previous.getAttribute('aria-disabled')).toBe('true');
  next.focus();
  fireEvent.click(next);
  expect(currentLocation()).toBe('/customers?page=2');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'));
  expect(screen.getByRole('button', { name: 'Next' })).toBe(next);
  expect(next).toHaveProperty('disabled', false);
  expect(next.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(next);
  const loads = api.to('GET /api/admin/customers').length;
  fireEvent.click(next);
  expect(currentLocation()).toBe('/customers?page=2');
  expect(api.to('GET /api/admin/customers')).toHaveLength(loads);
  expect(previous.getAttribute('aria-disabled')).toBeNull();
});

it('a banner moved to the top keeps the focus on its ↑, which then does nothing', async () => {
  const slide = (id: number, title: string) => ({ id, title: { uz: title, ru: title, en: title }, subtitle: null, link: '/catalog', active: true, starts_at: null, ends_at: null, image_url: null, state: 'no_picture', sort: id });
  const first = slide(1, 'Winter');
  const test = slide(5, 'QA test banner');
  const api = fakeApi({
    'GET /api/admin/slides': { body: { data: [first, test] } },
    'PUT /api/admin/slides/order': { body: { data: [test, first] } },
  });
  renderAdmin('/slides', staffMember('owner'));
  const up = await screen.findByRole('button', { name: 'Move “QA test banner” up' });
  expect(screen.getByRole('button', { name: 'Move “Winter” up' }).getAttribute('aria-disabled')).toBe('true');
  up.focus();
  fireEvent.click(up);
  await waitFor(() => expect(up.getAttribute('aria-disabled')).toBe('true'));
  expect(api.to('PUT /api/admin/slides/order')[0]!.body).toEqual({ ids: [5, 1] });
  expect(up).toHaveProperty('disabled', false);
  expect(document.activeElement).toBe(up);
  fireEvent.click(up);
  expect(api.to('PUT /api/admin/slides/order')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Move “Winter” down' }).getAttribute('aria-disabled')).toBe('true');
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
