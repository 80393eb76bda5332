// The owner edits a staff member: a misspelt name is corrected (only what changed is sent), Save with
// nothing changed writes nothing, and the owner's own row offers the name but not the role.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Staff } from '../src/api/types';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => resetApp());

const owner = staffMember('owner', { id: 1, name: 'Owner Test', phone: '+998901112233' });
const kassir = staffMember('store', { id: 7, name: 'QA Kasir Test', phone: '+998937774101', store_id: 2, store_name: 'Bozor Chilanzar' });

function staffApi(patched: (body: Partial<Staff>) => Staff = (body) => ({ ...kassir, ...body })) {
  return fakeApi({
    'GET /api/admin/staff': { body: { data: [owner, kassir] } },
    'GET /api/store/stores': { body: { data: [{ id: 2, name: 'Bozor Chilanzar' }] } },
    'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } },
    'PATCH /api/admin/staff/7': (call) => ({ body: { staff: patched(call.body as Partial<Staff>) } }),
    'PATCH /api/admin/staff/1': (call) => ({ body: { staff: { ...owner, ...(call.body as object) } } }),
  });
}

const rowOf = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!;

test('a misspelt name is corrected: only the name is sent, and the list shows it', async () => {
  const api = staffApi();
  renderAdmin('/staff', owner);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit QA Kasir Test' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit QA Kasir Test' });
  const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
  expect(name.value).toBe('QA Kasir Test');
  fireEvent.change(name, { target: { value: ' QA Kassir Test ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.to('PATCH /api/admin/staff/7').map((c) => c.body)).toEqual([{ name: 'QA Kassir Test' }]);
  expect(rowOf('QA Kassir Test')).toBeTruthy();
});

test('Save with nothing changed closes the dialog and writes nothing', async () => {
  const api = staffApi();
  renderAdmin('/staff', owner);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit QA Kasir Test' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit QA Kasir Test' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.to('PATCH /api/admin/staff/7')).toHaveLength(0);
});

test('a new role sends the role and its store, not the unchanged name', async () => {
  const api = staffApi((body) => ({ ...kassir, ...body, store_name: null }));
  renderAdmin('/staff', owner);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit QA Kasir Test' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit QA Kasir Test' });
  fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'operator' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('PATCH /api/admin/staff/7')).toHaveLength(1));
  expect(api.to('PATCH /api/admin/staff/7')[0]!.body).toEqual({ role: 'operator', store_id: null });
});

test('an empty name is refused at the field before sending', async () => {
  const api = staffApi();
  renderAdmin('/staff', owner);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit QA Kasir Test' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit QA Kasir Test' });
  const name = within(dialog).getByLabelText('Name');
  fireEvent.change(name, { target: { value: '  ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
  expect(api.to('PATCH /api/admin/staff/7')).toHaveLength(0);
});

test('the owner corrects their own name, with no role to change, and the menu says the new name', async () => {
  const api = staffApi();
  renderAdmin('/staff', owner);
  await screen.findByRole('button', { name: 'Edit Owner Test' });
  const mine = within(rowOf('Owner Test'));
  expect(mine.queryByRole('button', { name: 'Disable' })).toBeNull();
  fireEvent.click(mine.getByRole('button', { name: 'Edit Owner Test' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Owner Test' });
  expect(within(dialog).queryByLabelText('Role')).toBeNull();
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Owner Tester' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByTestId('me-name').textContent).toBe('Owner Tester'));
  expect(api.to('PATCH /api/admin/staff/1').map((c) => c.body)).toEqual([{ name: 'Owner Tester' }]);
});
