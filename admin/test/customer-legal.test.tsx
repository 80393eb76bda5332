// Making a customer a legal entity: the INN must be 9 digits before anything is sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customer as customerFixture } from './fixtures';
import { fakeApi, likeABrowserEvent, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const customer = customerFixture();

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
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
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
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('This INN belongs to another customer');
  // back on the fields, the focus on the one the API named
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('INN (9 digits)')));
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

const withLegal = (routes: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/admin/customers/5': { body: { customer, orders: [] } },
    'PATCH /api/admin/customers/5': ({ body }) => ({ body: { customer: { ...customer, ...(body as object) }, orders: [] } }),
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
    ...routes,
  });

it('a pasted INN with spaces is sent as its 9 digits; a tenth digit is an error, never cut off', async () => {
  const api = withLegal();
  const dialog = await openLegalForm();
  const inn = within(dialog).getByLabelText('INN (9 digits)') as HTMLInputElement;
  expect(inn.hasAttribute('maxlength')).toBe(false);
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Rahimov Savdo MChJ' } });
  fireEvent.change(inn, { target: { value: '1234567890' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('The INN is 9 digits');
  expect(inn.value).toBe('1234567890');
  await waitFor(() => expect(document.activeElement).toBe(inn));
  fireEvent.change(inn, { target: { value: '301 234 567' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(api.to('PATCH /api/admin/customers/5')).toHaveLength(1));
  expect(api.to('PATCH /api/admin/customers/5')[0]?.body).toEqual({ user_type: 'legal', company_name: 'Rahimov Savdo MChJ', inn: '301234567' });
});

it('making a legal entity asks for confirmation first, then the focus goes to the button now in its place', async () => {
  const api = withLegal();
  const dialog = await openLegalForm();
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Rahimov Savdo MChJ' } });
  fireEvent.change(within(dialog).getByLabelText('INN (9 digits)'), { target: { value: '301234567' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect((await within(dialog).findByTestId('legal-confirm')).textContent).toContain('Rahimov Savdo MChJ');
  expect(api.to('PATCH /api/admin/customers/5')).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.to('PATCH /api/admin/customers/5')).toHaveLength(1);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit company details' })));
});

it('back to individual puts the focus on “Make legal entity”, not on the page', async () => {
  const legal = { ...customer, user_type: 'legal' as const, company_name: 'Rahimov Savdo', inn: '301234567' };
  withLegal({ 'GET /api/admin/customers/5': { body: { customer: legal, orders: [] } }, 'PATCH /api/admin/customers/5': { body: { customer, orders: [] } } });
  renderAdmin('/customers/5', staffMember('manager'));
  const back = await screen.findByRole('button', { name: 'Back to individual' });
  back.focus();
  fireEvent.click(back);
  fireEvent.click(await screen.findByTestId('confirm'));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Make legal entity' })));
});

it('an 8-digit INN: the INN field takes the focus, not Save (as in a browser, where the check’s renders are not batched)', async () => {
  fakeApi({ 'GET /api/admin/customers/5': { body: { customer, orders: [] } }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
  const dialog = await openLegalForm();
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Rahimov Savdo MChJ' } });
  const inn = within(dialog).getByLabelText('INN (9 digits)');
  fireEvent.change(inn, { target: { value: '12345678' } });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  save.focus();
  const done = likeABrowserEvent('click');
  try {
    fireEvent.click(save);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The INN is 9 digits');
    await waitFor(() => expect(document.activeElement).toBe(inn));
  } finally {
    done();
  }
});
