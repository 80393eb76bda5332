// Small things staff noticed: a store's phone stays on one line, and the link form's example path follows
// the language of the text being edited, not the interface's.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => resetApp());

test('the stores list keeps a phone number on one line', async () => {
  const loc = (v: string) => ({ uz: v, ru: v, en: v });
  fakeApi({ 'GET /api/admin/stores': { body: { data: [{ id: 3, slug: 'c', name: loc('Chilanzar'), address: loc('A'), landmark: null, hours: loc('9–21'), phone: '+998712001122', lat: 41.28, lng: 69.2 }] } } });
  renderAdmin('/stores', staffMember('manager'));
  const phone = await within(await screen.findByTestId('stores-table')).findByText('+998 71 200 11 22');
  expect(phone.className).toContain('adm-nowrap');
});

test('the link form’s example is a page in the language of the text, whatever the interface language', async () => {
  act(() => setLanguage('ru'));
  fakeApi({});
  renderAdmin('/posts/new', staffMember('manager'));
  fireEvent.click(await screen.findByTestId('rte-uz-link'));
  const form = screen.getByTestId('rte-uz-link-form');
  expect(form.textContent).toContain('/uz/catalog');
  expect(form.textContent).not.toContain('/ru/catalog');
  fireEvent.click(screen.getByTestId('body-tab-en'));
  fireEvent.click(screen.getByTestId('rte-en-link'));
  expect(screen.getByTestId('rte-en-link-form').textContent).toContain('/en/catalog');
});
