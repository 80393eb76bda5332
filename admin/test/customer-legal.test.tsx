// Making a customer a legal entity: the INN must be 9 digits before anything is sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '../src/api/types';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const customer: Customer = {
  id: 5,
  phone: '+998901112233',
  name: 'Aziz',
  surname: 'Rahimov',
  user_type: 'individual',
  company_name: null,
  inn: null,
  blocked: false,
  orders_count: 3,
  orders_total: 2500000,
  created_at: '2026-10-01T10:00:00Z',
};

async function openLegalForm() {
  renderAdmin('/customers/5', staffMember('manager'));
  fireEvent.click(await screen.findByRole('button', { name: 'Make legal entity' }));
  return screen.findByRole('dialog', { name: 'Legal entity details' });
}

it('refuses an INN that is not 9 digits without asking the API', async () => {
  const api = fakeApi({ 'GET /api/admin/customers/5': { body: { customer, orders: [] } }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
  const dialog = await openLegalForm();
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Rahimov Savdo MChJ' } });
  for (const inn of ['12345678', '1234567890', '12345678a']) {
    fireEvent.change(within(dialog).getByLabelText('INN (9 digits)'), { target: { value: inn } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The INN is 9 digits');
  }
  expect(api.to('PATCH /api/admin/customers/5')).toHaveLength(0);
});

it('an empty company name asks to fill it in, a one-letter one says how long it must be', async () => {
  const api = fakeApi({ 'GET /api/admin/customers/5': { body: { customer, orders: [] } }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
  const dialog = await openLegalForm();
  fireEvent.change(within(dialog).getByLabelText('INN (9 digits)'), { target: { value: '301234567' } });
  for (const [name, said] of [['  ', 'Fill this in'], ['A', 'At least 2 characters']] as const) {
    fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: name } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(said));
  }
  expect(api.to('PATCH /api/admin/customers/5')).toHaveLength(0);
});

it('saves company name and INN and shows the customer as a legal entity', async () => {
  const api = fakeApi({
    'GET /api/admin/customers/5': { body: { customer, orders: [] } },
    'PATCH /api/admin/customers/5': ({ body }) => ({ body: { customer: { ...customer, ...(body as object) }, orders: [] } }),
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
  });
  const dialog = await openLegalForm();
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: ' Rahimov Savdo MChJ ' } });
  fireEvent.change(within(dialog).getByLabelText('INN (9 digits)'), { target: { value: '301234567' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.to('PATCH /api/admin/customers/5')[0]?.body).toEqual({ user_type: 'legal', company_name: 'Rahimov Savdo MChJ', inn: '301234567' });
  expect(screen.getByTestId('customer-type').textContent).toBe('Legal entity');
  expect(screen.queryByText('301234567')).not.toBeNull();
});

it("puts the API's field messages on the fields", async () => {
  fakeApi({
    'GET /api/admin/customers/5': { body: { customer, orders: [] } },
    'PATCH /api/admin/customers/5': { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Check the data', fields: { inn: 'This INN belongs to another customer' } } } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
  });
  const dialog = await openLegalForm();
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Rahimov Savdo' } });
  fireEvent.change(within(dialog).getByLabelText('INN (9 digits)'), { target: { value: '301234567' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('This INN belongs to another customer');
});

it('blocking asks for confirmation first', async () => {
  const api = fakeApi({
    'GET /api/admin/customers/5': { body: { customer, orders: [] } },
    'PATCH /api/admin/customers/5': { body: { customer: { ...customer, blocked: true }, orders: [] } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
  });
  renderAdmin('/customers/5', staffMember('operator'));
  fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
  const dialog = await screen.findByRole('dialog', { name: 'Block this customer?' });
  expect(api.to('PATCH /api/admin/customers/5')).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
  expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
  expect(api.to('PATCH /api/admin/customers/5')[0]?.body).toEqual({ blocked: true });
});
