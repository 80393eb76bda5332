// What each role sees: the navigation shows only its sections, and a section it may not use says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { canEditCatalog, canUse, sectionsOf } from '../src/auth/access';
import { sectionOfPath } from '../src/components/layout/Layout';
import type { Role } from '../src/api/types';
import { currentLocation, emptyOrders, fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => {
  resetApp();
  fakeApi({
    'GET /api/admin/dashboard': { body: { today: { orders: 3, revenue: 1662000 }, week: { orders: 20, revenue: 9800000 }, waiting: { new: 2, confirmed: 1, assembling: 0, shipping: 0, ready_for_pickup: 4 } } },
    'GET /api/admin/orders': { body: emptyOrders },
    'GET /api/store/stores': { body: { data: [] } },
  });
});

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Sections' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

it('an owner sees every section', async () => {
  renderAdmin('/', staffMember('owner'));
  expect(await navLinks()).toEqual(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock', 'Import / export', 'Categories', 'Brands', 'Banners', 'Blog', 'Pages', 'Stores', 'Delivery', 'Staff', 'Audit log']);
  expect(screen.getByTestId('me-name').textContent).toBe('Dilnoza Karimova');
  expect(screen.queryByText('Owner')).not.toBeNull();
});

it('an operator does not see Staff or the audit log, and cannot open them by address', async () => {
  renderAdmin('/staff', staffMember('operator'));
  expect(await navLinks()).toEqual(['Dashboard', 'Orders', 'Customers', 'Products', 'Low stock']);
  expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Staff' })).toBeNull();
});

it('a store user sees only Orders and its low stock, lands on the orders, and cannot open customers', async () => {
  const view = renderAdmin('/', staffMember('store'));
  expect(await navLinks()).toEqual(['Orders', 'Low stock']);
  await screen.findByRole('heading', { name: 'Orders' });
  expect(currentLocation()).toBe('/orders');
  expect(screen.queryByText('Store · Bozor Chilanzar')).not.toBeNull();
  // their list has no store or delivery-type filter: the API gives them their own store's pickups only
  expect(screen.queryByLabelText('Store')).toBeNull();
  view.unmount();
  renderAdmin('/customers', staffMember('store'));
  expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeTruthy();
});

it('the role table: owner everything, manager and operator orders, customers and the catalogue, store orders and low stock', () => {
  expect(sectionsOf('owner')).toEqual(['dashboard', 'orders', 'customers', 'products', 'lowStock', 'import', 'categories', 'brands', 'slides', 'posts', 'pages', 'stores', 'delivery', 'staff', 'audit']);
  for (const role of ['manager', 'operator'] as const) {
    expect(canUse(role, 'customers')).toBe(true);
    expect(canUse(role, 'staff')).toBe(false);
    expect(canUse(role, 'audit')).toBe(false);
  }
  expect(sectionsOf('store')).toEqual(['orders', 'lowStock']);
  // the catalogue: read by operators, changed (and imported) by managers and the owner only
  expect(canUse('operator', 'products')).toBe(true);
  expect(canUse('operator', 'import')).toBe(false);
  expect(canUse('manager', 'import')).toBe(true);
  expect(['owner', 'manager', 'operator', 'store'].filter((r) => canEditCatalog(r as Role))).toEqual(['owner', 'manager']);
});

it("the browser tab names the screen in the staff member's language; Escape closes the phone menu and gives the focus back", async () => {
  renderAdmin('/orders/BZ-100042', staffMember('owner'));
  await navLinks();
  // an order's page names the order, not only its section
  await waitFor(() => expect(document.title).toBe('Order BZ-100042 — Bozor admin'));
  const menu = screen.getByRole('button', { name: 'Menu' });
  fireEvent.click(menu);
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  fireEvent.keyDown(window, { key: 'Escape' });
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(menu);
});

it('a path belongs to the longest section it starts with', () => {
  expect(sectionOfPath('/')).toBe('dashboard');
  expect(sectionOfPath('/stock/low')).toBe('lowStock');
  expect(sectionOfPath('/catalog/import')).toBe('import');
  expect(sectionOfPath('/products/9')).toBe('products');
  expect(sectionOfPath('/productsx')).toBeNull();
  expect(sectionOfPath('/blog')).toBeNull();
});
