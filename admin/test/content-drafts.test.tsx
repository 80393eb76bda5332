// Typed text is never lost on the content screens: Publish and "Show in the shop" put on the shop what is on
// the screen (saving it first, in the same press), Unpublish, Hide and a picture upload keep what is typed,
// and the banner form asks before leaving with unsaved text, as the post and page forms do.
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useDraft } from '../src/hooks/useDraft';
import { currentLocation, fakeApi, renderAdmin, resetApp, staffMember, type Call } from './support';

beforeEach(() => resetApp());

const loc = (uz: string, ru = uz, en = uz) => ({ uz, ru, en });
const post = {
  id: 7,
  slug: 'qa-draft',
  title: loc('QA qoralama', 'QA черновик', 'QA draft'),
  excerpt: loc('Qisqa', 'Кратко', 'Short'),
  body: loc('<p>Matn</p>', '<p>Текст</p>', '<p>Text</p>'),
  cover_url: null as string | null,
  published_at: null as string | null,
  created_at: '2026-11-26T08:00:00Z',
  updated_at: '2026-11-26T08:00:00Z',
};
const page = { slug: 'public-offer', title: loc('Ommaviy oferta', 'Публичная оферта', 'Public offer'), body: loc('<p>Matn</p>', '<p>Текст</p>', '<p>Text</p>'), published: true, updated_at: '2026-11-01T09:00:00Z' };
const slide = {
  id: 6,
  title: loc('Qish', 'Зима', 'Winter'),
  subtitle: null,
  link: '/catalog',
  active: true,
  starts_at: null,
  ends_at: null,
  image_url: null as string | null,
  state: 'no_picture',
  sort: 0,
};

const toasts = () => screen.queryAllByTestId('toast').map((t) => (t.textContent ?? '').replace(/\s*×$/, ''));
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const pick = (input: HTMLElement) => fireEvent.change(input, { target: { files: [new File(['x'], 'picture.jpg', { type: 'image/jpeg' })] } });

describe('a blog post with unsaved changes', () => {
  test('Publish saves what is typed and then publishes it, in one press; the typed title stays on screen', async () => {
    let saved = post;
    const api = fakeApi({
      'GET /api/admin/posts/7': () => ({ body: { post: saved } }),
      'PATCH /api/admin/posts/7': (call: Call) => {
        saved = { ...saved, ...(call.body as object) };
        return { body: { post: saved } };
      },
      'POST /api/admin/posts/7/publish': () => ({ body: { post: { ...saved, published_at: '2026-11-26T08:07:00Z' } } }),
    });
    renderAdmin('/posts/7', staffMember('manager'));
    expect((await screen.findByTestId('post-publish')).textContent).toBe('Publish');
    fireEvent.change(screen.getByTestId('article-title-en'), { target: { value: 'QA draft — version two' } });
    // the button says what it will do
    expect(screen.getByTestId('post-publish').textContent).toBe('Save and publish');
    expect(screen.getByTestId('unsaved-note').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByTestId('post-publish'));

    await screen.findByTestId('post-unpublish');
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/admin/posts/7', 'POST /api/admin/posts/7/publish']);
    expect(api.to('PATCH /api/admin/posts/7')[0]!.body).toMatchObject({ slug: 'qa-draft', title: { uz: 'QA qoralama', ru: 'QA черновик', en: 'QA draft — version two' } });
    expect(value('article-title-en')).toBe('QA draft — version two');
    expect(toasts()).toContain('Changes saved and the post published');
    // nothing is left unsaved: leaving asks nothing
    expect(screen.queryByTestId('unsaved-note')).toBeNull();
  });

  test('a save the API refuses publishes nothing: its reason is by the field, and the text stays', async () => {
    const api = fakeApi({
      'GET /api/admin/posts/7': { body: { post } },
      'PATCH /api/admin/posts/7': { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { 'title.ru': 'This field is required.' } } } },
    });
    renderAdmin('/posts/7', staffMember('manager'));
    await screen.findByTestId('post-publish');
    fireEvent.change(screen.getByTestId('article-title-ru'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('article-title-en'), { target: { value: 'QA draft — version two' } });
    fireEvent.click(screen.getByTestId('post-publish'));
    const ru = screen.getByTestId('article-title-ru');
    await waitFor(() => expect(ru.getAttribute('aria-invalid')).toBe('true'));
    expect(api.to('POST /api/admin/posts/7/publish')).toHaveLength(0);
    expect(value('article-title-en')).toBe('QA draft — version two');
    expect(screen.getByTestId('post-state').textContent).toBe('Draft');
  });

  test('Unpublish keeps the typed text, still unsaved', async () => {
    const live = { ...post, published_at: '2026-11-26T08:07:00Z' };
    const api = fakeApi({ 'GET /api/admin/posts/7': { body: { post: live } }, 'POST /api/admin/posts/7/unpublish': { body: { post } } });
    renderAdmin('/posts/7', staffMember('manager'));
    await screen.findByTestId('post-unpublish');
    fireEvent.change(screen.getByTestId('article-title-en'), { target: { value: 'QA draft — version two' } });
    fireEvent.click(screen.getByTestId('post-unpublish'));
    await screen.findByTestId('post-publish');
    expect(api.to('PATCH /api/admin/posts/7')).toHaveLength(0);
    expect(value('article-title-en')).toBe('QA draft — version two');
    expect(screen.getByTestId('unsaved-note')).toBeTruthy();
  });

  test('a new cover keeps the typed text', async () => {
    fakeApi({ 'GET /api/admin/posts/7': { body: { post } }, 'PUT /api/admin/posts/7/cover': { body: { post: { ...post, cover_url: '/media/posts/7.webp' } } } });
    const { container } = renderAdmin('/posts/7', staffMember('manager'));
    await screen.findByTestId('post-publish');
    fireEvent.change(screen.getByTestId('article-title-en'), { target: { value: 'QA draft — version two' } });
    pick(container.querySelector('input[type=file]')!);
    await waitFor(() => expect(toasts()).toContain('Picture saved'));
    expect(value('article-title-en')).toBe('QA draft — version two');
  });
});

describe('an information page with unsaved changes', () => {
  test('Hide keeps the typed text; Show saves it first and then shows the page', async () => {
    let saved = page;
    const api = fakeApi({
      'GET /api/admin/pages/public-offer': () => ({ body: { page: saved } }),
      'POST /api/admin/pages/public-offer/unpublish': () => ({ body: { page: (saved = { ...saved, published: false }) } }),
      'PATCH /api/admin/pages/public-offer': (call: Call) => ({ body: { page: (saved = { ...saved, ...(call.body as object) }) } }),
      'POST /api/admin/pages/public-offer/publish': () => ({ body: { page: (saved = { ...saved, published: true }) } }),
    });
    renderAdmin('/pages/public-offer', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('article-title-en'), { target: { value: 'Public offer (2026)' } });
    const toggle = screen.getByTestId('page-toggle');
    expect(toggle.textContent).toBe('Hide from the shop');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe('Save and show in the shop'));
    expect(screen.getByText('Hidden')).toBeTruthy();
    expect(value('article-title-en')).toBe('Public offer (2026)');
    expect(api.to('PATCH /api/admin/pages/public-offer')).toHaveLength(0);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe('Hide from the shop'));
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => c.path.split('/').pop())).toEqual(['unpublish', 'public-offer', 'publish']);
    expect(api.to('PATCH /api/admin/pages/public-offer')[0]!.body).toMatchObject({ title: { en: 'Public offer (2026)' } });
    expect(value('article-title-en')).toBe('Public offer (2026)');
    expect(toasts()).toContain('Changes saved; the page is shown in the shop');
  });
});

describe('a banner with unsaved changes', () => {
  test('a picture upload keeps the typed title', async () => {
    fakeApi({ 'GET /api/admin/slides': { body: { data: [slide] } }, 'PUT /api/admin/slides/6/picture': { body: { slide: { ...slide, image_url: '/media/slides/6.webp', state: 'shown' } } } });
    renderAdmin('/slides/6', staffMember('manager'));
    fireEvent.change(await screen.findByTestId('slide-title-en'), { target: { value: 'Winter sale' } });
    pick(screen.getByTestId('slide-picture'));
    await waitFor(() => expect(screen.getByTestId('slide-state').textContent).toBe('Shown'));
    expect(value('slide-title-en')).toBe('Winter sale');
  });

  test('leaving by the menu asks first, and staying keeps the text; a saved banner leaves without asking', async () => {
    fakeApi({ 'GET /api/admin/slides': { body: { data: [slide] } }, 'GET /api/admin/brands': { body: { data: [] } } });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin('/slides/6', staffMember('manager'));
    const title = await screen.findByTestId('slide-title-en');
    const brands = within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Brands' });
    fireEvent.change(title, { target: { value: 'Winter sale' } });
    fireEvent.click(brands);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(currentLocation()).toBe('/slides/6');
    expect(value('slide-title-en')).toBe('Winter sale');
    // "Back to the banners" under the picture asks too
    fireEvent.click(screen.getByRole('link', { name: 'Back to the banners' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(currentLocation()).toBe('/slides/6');

    fireEvent.change(title, { target: { value: 'Winter' } });
    fireEvent.click(brands);
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(currentLocation()).toBe('/brands'));
    confirm.mockRestore();
  });
});

describe('the form’s values over the saved ones (useDraft)', () => {
  test('a new answer for the same record keeps what is typed; another record starts from its own text', () => {
    const { result, rerender } = renderHook(({ saved, of }: { saved: { title: string; cover: string }; of: number }) => useDraft({ title: saved.title }, of), {
      initialProps: { saved: { title: 'QA draft', cover: '' }, of: 7 },
    });
    act(() => result.current.setValues({ title: 'QA draft — version two' }));
    expect(result.current.changed).toBe(true);
    // a cover upload answers the same post: the typed title stays
    rerender({ saved: { title: 'QA draft', cover: '/media/7.webp' }, of: 7 });
    expect(result.current.values.title).toBe('QA draft — version two');
    // someone else saved a new title meanwhile: still the typed one on screen, still unsaved
    rerender({ saved: { title: 'QA draft (edited)', cover: '' }, of: 7 });
    expect(result.current.values.title).toBe('QA draft — version two');
    expect(result.current.changed).toBe(true);
    // the address moved to another post
    rerender({ saved: { title: 'Winter sale', cover: '' }, of: 8 });
    expect(result.current.values.title).toBe('Winter sale');
    expect(result.current.changed).toBe(false);
  });

  test('unchanged, the form follows the saved values; after a save it takes the API’s answer', () => {
    const { result, rerender } = renderHook(({ title }: { title: string }) => useDraft({ title }, 1), { initialProps: { title: 'About' } });
    rerender({ title: 'About us' });
    expect(result.current.values.title).toBe('About us');
    act(() => result.current.setValues({ title: '<p>About Bozor' }));
    act(() => result.current.savedAs({ title: '<p>About Bozor' }, { title: '<p>About Bozor</p>' }));
    rerender({ title: '<p>About Bozor</p>' });
    expect(result.current.values.title).toBe('<p>About Bozor</p>');
    expect(result.current.changed).toBe(false);
  });
});
