// Adding a staff member with the keyboard: a failed check puts the focus on the first wrong field, in the
// page's order (the masked phone first), and a refusal by the API does the same for the field it names.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, likeABrowserEvent, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => resetApp());

async function openForm() {
  renderAdmin('/staff', staffMember('owner'));
  fireEvent.click(await screen.findByTestId('staff-add'));
  return screen.findByRole('dialog', { name: 'New staff member' });
}

it('a short phone: the phone field gets the focus, not the name below it, and nothing is sent', async () => {
  const api = fakeApi({ 'GET /api/admin/staff': { body: { data: [] } }, 'GET /api/store/stores': { body: { data: [] } }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
  const dialog = await openForm();
  const phone = within(dialog).getByLabelText('Phone');
  fireEvent.change(phone, { target: { value: '+998 90 123' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
  await waitFor(() => expect(document.activeElement).toBe(phone));
  expect(phone.getAttribute('aria-invalid')).toBe('true');
  expect(api.to('POST /api/admin/staff')).toHaveLength(0);
});

it("the API's refusal of the phone puts the focus on it", async () => {
  fakeApi({
    'GET /api/admin/staff': { body: { data: [] } },
    'GET /api/store/stores': { body: { data: [] } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
    'POST /api/admin/staff': { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Check the fields', fields: { phone: 'Not a mobile number of an Uzbek operator' } } } },
  });
  const dialog = await openForm();
  const phone = within(dialog).getByLabelText('Phone');
  fireEvent.change(phone, { target: { value: '+998 90 123 45 67' } });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Aziz Rahimov' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
  expect(await within(dialog).findByText('Not a mobile number of an Uzbek operator')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(phone));
});

it('while it sends, Add stays focusable and a second press sends nothing; a phone that has an account (409) is said on the phone, which takes the focus', async () => {
  const api = fakeApi({
    'GET /api/admin/staff': { body: { data: [] } },
    'GET /api/store/stores': { body: { data: [] } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
    'POST /api/admin/staff': { status: 409, body: { error: { code: 'STAFF_EXISTS', message: 'This phone already has an account' } } },
  });
  const answer = globalThis.fetch;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => (init?.method === 'POST' ? held.then(() => answer(input, init)) : answer(input, init))) as typeof fetch;
  const dialog = await openForm();
  fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Aziz Rahimov' } });
  const add = within(dialog).getByRole('button', { name: 'Add staff member' });
  add.focus();
  fireEvent.click(add);
  await waitFor(() => expect(add.getAttribute('aria-disabled')).toBe('true'));
  expect(add.hasAttribute('disabled')).toBe(false);
  fireEvent.click(add);
  release();
  expect(await within(dialog).findByText('This phone already has an account')).toBeTruthy();
  expect(api.to('POST /api/admin/staff')).toHaveLength(1);
  expect(add.getAttribute('aria-disabled')).toBeNull();
  const phone = within(dialog).getByLabelText('Phone');
  expect(phone.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe('This phone already has an account');
  await waitFor(() => expect(document.activeElement).toBe(phone));
});

it('role “Store” with no store chosen: the store field takes the focus (as in a browser, where the check’s renders are not batched)', async () => {
  const api = fakeApi({
    'GET /api/admin/staff': { body: { data: [] } },
    'GET /api/store/stores': { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }] } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
  });
  const dialog = await openForm();
  fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '+998 90 123 45 67' } });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Aziz Rahimov' } });
  fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'store' } });
  const add = within(dialog).getByRole('button', { name: 'Add staff member' });
  add.focus();
  const done = likeABrowserEvent('click');
  try {
    fireEvent.click(add);
    const store = await within(dialog).findByLabelText('Store');
    await waitFor(() => expect(store.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(store));
  } finally {
    done();
  }
  expect(api.to('POST /api/admin/staff')).toHaveLength(0);
});

it('changing a role in the edit dialog: "Store" with no store chosen focuses the store field; the last owner’s refusal (409) is read where the focus goes', async () => {
  const aziz = { id: 17, name: 'Aziz Rahimov', phone: '+998901234567', role: 'operator', store_id: null, store_name: null, active: true, created_at: '2026-11-01T09:00:00Z', last_seen_at: null };
  const api = fakeApi({
    'GET /api/admin/staff': { body: { data: [aziz] } },
    'GET /api/store/stores': { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }] } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
    'PATCH /api/admin/staff/17': { status: 409, body: { error: { code: 'LAST_OWNER', message: 'The last owner cannot be disabled or given another role.' } } },
  });
  renderAdmin('/staff', staffMember('owner'));
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Aziz Rahimov' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Aziz Rahimov' });
  fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'store' } });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  save.focus();
  const done = likeABrowserEvent('click');
  try {
    fireEvent.click(save);
    const store = await within(dialog).findByLabelText('Store');
    await waitFor(() => expect(store.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(store));
  } finally {
    done();
  }
  expect(api.to('PATCH /api/admin/staff/17')).toHaveLength(0);
  fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'manager' } });
  save.focus();
  fireEvent.click(save);
  const refusal = await within(dialog).findByRole('alert');
  expect(refusal.textContent).toBe('The last owner cannot be disabled or given another role.');
  await waitFor(() => expect(document.activeElement).toBe(refusal));
});
