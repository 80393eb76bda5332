// A refused save puts the focus where staff look: the first wrong field (its language tab opened) or, for
// an error tied to no field, the message itself; and after an action that replaces the pressed button, the
// focus goes to the control now in its place, never to the top of the page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { currentLocation, fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => resetApp());

const loc = (uz: string, ru = uz, en = uz) => ({ uz, ru, en });
const post = {
  id: 12,
  slug: 'how-to-descale-a-kettle',
  title: loc('Choynak', 'Чайник', 'Kettle'),
  excerpt: loc('Qisqa', 'Кратко', 'Short'),
  body: loc('<p>Matn</p>', '<p>Текст</p>', '<p>Text</p>'),
  cover_url: null,
  published_at: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
};
const store = {
  id: 3,
  slug: 'chilonzor',
  name: loc('Chilonzor', 'Чиланзар', 'Chilanzar'),
  address: loc('Manzil', 'Адрес', 'Address'),
  landmark: null,
  hours: loc('9–21', '9–21', '9–21'),
  phone: '+998712001122',
  lat: 41.28,
  lng: 69.2,
};
const refused = (fields: Record<string, string>, message = 'Please check the data you entered.') => ({ status: 422, body: { error: { code: 'VALIDATION_FAILED', message, fields } } });

async function fillNewPost() {
  const form = await screen.findByTestId('post-form');
  fireEvent.change(screen.getByTestId('post-slug'), { target: { value: 'how-to-descale-a-kettle' } });
  for (const l of ['uz', 'ru', 'en'] as const) {
    fireEvent.change(screen.getByTestId(`article-title-${l}`), { target: { value: post.title[l] } });
    fireEvent.change(screen.getByTestId(`article-excerpt-${l}`), { target: { value: post.excerpt[l] } });
  }
  return form;
}

test('a slug the API refuses (422): the focus goes to the slug field, whose message says why', async () => {
  act(() => setLanguage('ru'));
  fakeApi({ 'POST /api/admin/posts': refused({ slug: 'Этот адрес (slug) уже занят.' }, 'Проверьте данные.') });
  renderAdmin('/posts/new', staffMember('manager'));
  const form = await fillNewPost();
  const save = within(form).getByRole('button', { name: 'Сохранить черновик' });
  save.focus();
  fireEvent.click(save);
  const slug = screen.getByTestId('post-slug');
  await waitFor(() => expect(document.activeElement).toBe(slug));
  expect(document.getElementById(slug.getAttribute('aria-describedby')!)?.textContent).toBe('Этот адрес (slug) уже занят.');
});

test('an empty English body the API refuses opens the English tab and puts the focus in its editor', async () => {
  fakeApi({ 'POST /api/admin/posts': refused({ 'body.en': 'This field is required.' }) });
  renderAdmin('/posts/new', staffMember('manager'));
  const form = await fillNewPost();
  fireEvent.click(within(form).getByRole('button', { name: 'Save as draft' }));
  await waitFor(() => expect(screen.getByTestId('body-tab-en').getAttribute('aria-selected')).toBe('true'));
  const editor = screen.getByTestId('rte-en');
  await waitFor(() => expect(document.activeElement).toBe(editor));
  expect(editor.closest('[hidden]')).toBeNull();
  expect(screen.getByText('This field is required.')).toBeTruthy();
});

test('a refusal tied to no field puts the focus on its message (role=alert)', async () => {
  fakeApi({ 'POST /api/admin/posts': { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on the server.' } } } });
  renderAdmin('/posts/new', staffMember('manager'));
  const form = await fillNewPost();
  fireEvent.click(within(form).getByRole('button', { name: 'Save as draft' }));
  const message = await within(form).findByText('Something went wrong on the server.');
  await waitFor(() => expect(document.activeElement).toBe(message));
  expect(message.getAttribute('role')).toBe('alert');
});

test('the store dialog: an empty name the API refuses takes the focus to the name field', async () => {
  const api = fakeApi({ 'GET /api/admin/stores': { body: { data: [store] } }, 'PATCH /api/admin/stores/3': refused({ 'name.uz': 'This field is required.' }) });
  renderAdmin('/stores', staffMember('manager'));
  fireEvent.click(await screen.findByRole('button', { name: 'Edit “Chilanzar”' }));
  const dialog = await screen.findByRole('dialog');
  const nameUz = within(dialog).getAllByLabelText('Oʻzbekcha')[0]!;
  fireEvent.change(nameUz, { target: { value: '' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(document.activeElement).toBe(nameUz));
  expect(nameUz.getAttribute('aria-invalid')).toBe('true');
  expect(api.to('PATCH /api/admin/stores/3')).toHaveLength(1);
});

test('a banner whose end is before its start: the focus goes to “Shown until” before anything is sent', async () => {
  const api = fakeApi({});
  renderAdmin('/slides/new', staffMember('manager'));
  const form = await screen.findByTestId('slide-form');
  fireEvent.change(screen.getByTestId('slide-starts'), { target: { value: '2026-12-10T10:00' } });
  fireEvent.change(screen.getByTestId('slide-ends'), { target: { value: '2026-12-01T10:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create banner' }));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('slide-ends')));
  expect(api.to('POST /api/admin/slides')).toHaveLength(0);
});

test('Publish and Unpublish hand the focus to the button now in their place', async () => {
  fakeApi({
    'GET /api/admin/posts/12': { body: { post } },
    'POST /api/admin/posts/12/publish': { body: { post: { ...post, published_at: '2026-11-02T09:00:00Z' } } },
    'POST /api/admin/posts/12/unpublish': { body: { post } },
  });
  renderAdmin('/posts/12', staffMember('manager'));
  const publish = await screen.findByTestId('post-publish');
  publish.focus();
  fireEvent.click(publish);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('post-unpublish')));
  fireEvent.click(screen.getByTestId('post-unpublish'));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('post-publish')));
});

test('a post’s first save (new → its edit address) keeps the focus on Save', async () => {
  fakeApi({ 'POST /api/admin/posts': { body: { post } }, 'GET /api/admin/posts/12': { body: { post } } });
  renderAdmin('/posts/new', staffMember('manager'));
  const form = await fillNewPost();
  const save = within(form).getByRole('button', { name: 'Save as draft' });
  save.focus();
  fireEvent.click(save);
  await waitFor(() => expect(currentLocation()).toBe('/posts/12'));
  await screen.findByTestId('post-publish');
  expect(document.activeElement).toBe(within(screen.getByTestId('post-form')).getByRole('button', { name: 'Save' }));
});

test('a successful delivery save gives the focus back to Save', async () => {
  const delivery = { delivery_sum: 25000, free_delivery_threshold: 1000000, express_note: loc('Tez'), pickup_note: loc('Olib'), regions: [] };
  fakeApi({ 'GET /api/admin/delivery': { body: { delivery } }, 'PATCH /api/admin/delivery': (call) => ({ body: { delivery: { ...delivery, ...(call.body as object) } } }) });
  renderAdmin('/delivery', staffMember('owner'));
  fireEvent.change(await screen.findByTestId('delivery-sum'), { target: { value: '30000' } });
  const save = screen.getByTestId('delivery-save');
  save.focus();
  fireEvent.click(save);
  await waitFor(() => expect((screen.getByTestId('delivery-sum') as HTMLInputElement).value).toBe('30000'));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('delivery-save')));
  expect(document.activeElement).not.toBe(document.body);
});

test('leaving a post with unsaved text asks first; leaving a saved one does not', async () => {
  fakeApi({ 'GET /api/admin/posts/12': { body: { post } }, 'GET /api/admin/posts': { body: { data: [] } } });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderAdmin('/posts/12', staffMember('manager'));
  await screen.findByTestId('post-publish');
  fireEvent.click(screen.getByRole('link', { name: '← Blog' }));
  expect(confirm).not.toHaveBeenCalled();
  await waitFor(() => expect(currentLocation()).toBe('/posts'));
  confirm.mockRestore();
});

test('leaving a page editor with unsaved text asks, and staying keeps the text', async () => {
  const page = { slug: 'about', title: loc('Biz haqimizda', 'О нас', 'About us'), body: loc('<p>Matn</p>', '<p>Текст</p>', '<p>Text</p>'), published: true, updated_at: '2026-11-01T09:00:00Z' };
  fakeApi({ 'GET /api/admin/pages/about': { body: { page } }, 'GET /api/admin/pages': { body: { data: [] } } });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderAdmin('/pages/about', staffMember('manager'));
  const title = (await screen.findByTestId('article-title-en')) as HTMLInputElement;
  fireEvent.change(title, { target: { value: 'About Bozor' } });
  fireEvent.click(screen.getByRole('link', { name: '← Information pages' }));
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(currentLocation()).toBe('/pages/about');
  expect(title.value).toBe('About Bozor');
  confirm.mockReturnValue(true);
  fireEvent.click(screen.getByRole('link', { name: '← Information pages' }));
  await waitFor(() => expect(currentLocation()).toBe('/pages'));
  confirm.mockRestore();
});

test('leaving a new post with a typed title asks first', async () => {
  fakeApi({ 'GET /api/admin/posts': { body: { data: [] } } });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderAdmin('/posts/new', staffMember('manager'));
  fireEvent.change(await screen.findByTestId('article-title-uz'), { target: { value: 'Choynak' } });
  fireEvent.click(screen.getByRole('link', { name: '← Blog' }));
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(currentLocation()).toBe('/posts/new');
  confirm.mockRestore();
});

test('a post is deleted after a confirmation, and staff land on the blog list', async () => {
  const api = fakeApi({ 'GET /api/admin/posts/12': { body: { post } }, 'GET /api/admin/posts': { body: { data: [] } }, 'DELETE /api/admin/posts/12': { body: { deleted: true } } });
  renderAdmin('/posts/12', staffMember('manager'));
  fireEvent.click(await screen.findByTestId('post-delete'));
  expect(await screen.findByText('Delete the post “Kettle”?')).not.toBeNull();
  expect(api.to('DELETE /api/admin/posts/12')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(currentLocation()).toBe('/posts'));
  expect(api.to('DELETE /api/admin/posts/12')).toHaveLength(1);
});
