/**
 * The back office's banners, posts and information pages as shoppers meet them: banners shown only within
 * their dates and with a picture, post HTML kept inside the sanitiser's tags, drafts and unpublished pages
 * out of the shop — each change with its audit row.
 */
import sharp from 'sharp';
import { DB_KINDS, type TestApp, createTestApp } from './helpers.js';
import { PHONES, contentStaff, png } from './support/content-staff.js';

describe.each(DB_KINDS)('back office content (%s)', (kind) => {
  let t: TestApp;
  const { tokens, staffSignIn, call, upload, publicGet, auditRows, addStaff } = contentStaff(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    await addStaff();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  test('a banner shows in the shop only with a picture and within its dates', async () => {
    const shownIds = async () => ((await publicGet('/api/content/slides')).json().data as Array<{ id: number; title: string }>).map((s) => s.id);
    const created = await call('manager', 'POST', '/api/admin/slides', {
      title: { uz: 'Yangi yil aksiyasi', ru: 'Новогодняя акция', en: 'New Year sale' },
      subtitle: null,
      link: '/catalog?discounted=true',
      active: true,
      starts_at: null,
      ends_at: null,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().slide.id as number;
    expect(created.json().slide.state).toBe('no_picture');
    expect(await shownIds()).not.toContain(id);

    const pic = await upload('manager', `/api/admin/slides/${id}/picture`, await png(2400, 800));
    expect(pic.json().slide.state).toBe('shown');
    const meta = await sharp((await t.app.inject({ url: pic.json().slide.image_url })).rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1920]);
    expect(await shownIds()).toContain(id);
    expect((await publicGet('/api/content/slides', 'ru')).json().data.find((s: { id: number }) => s.id === id).title).toBe('Новогодняя акция');

    // ended yesterday (by the API's clock): gone
    const now = t.clock.now().getTime();
    const ended = await call('manager', 'PATCH', `/api/admin/slides/${id}`, { starts_at: new Date(now - 3 * 86_400_000).toISOString(), ends_at: new Date(now - 86_400_000).toISOString() });
    expect(ended.json().slide.state).toBe('ended');
    expect(await shownIds()).not.toContain(id);
    // starts tomorrow: not yet; once the clock gets there, shown
    await call('manager', 'PATCH', `/api/admin/slides/${id}`, { starts_at: new Date(now + 86_400_000).toISOString(), ends_at: new Date(now + 10 * 86_400_000).toISOString() });
    expect(await shownIds()).not.toContain(id);
    t.clock.advance(86_400 + 60);
    expect(await shownIds()).toContain(id);
    // a day without a request ends a staff session (STAFF_IDLE_S): sign in again
    tokens.manager = await staffSignIn(PHONES.manager);
    expect((await publicGet('/backend/api/ext/v1/resources/home')).json().data.slides.map((s: { id: number }) => s.id)).toContain(id);

    // first in the order
    const all = ((await call('manager', 'GET', '/api/admin/slides')).json().data as Array<{ id: number }>).map((s) => s.id);
    const order = await call('manager', 'PUT', '/api/admin/slides/order', { ids: [id, ...all.filter((x) => x !== id)] });
    expect(order.statusCode).toBe(200);
    expect((await shownIds())[0]).toBe(id);
    expect((await call('manager', 'PUT', '/api/admin/slides/order', { ids: [id] })).statusCode).toBe(422);

    expect((await auditRows('slide.update')).length).toBe(2);
    expect((await auditRows('slide.picture')).at(-1)).toMatchObject({ entity: 'slide', entity_id: String(id), before: { image: null } });
  });

  test('a post’s HTML keeps only the allowed tags; drafts stay out of the shop until published', async () => {
    const dirty = '<p>Choynak <strong>tanlash</strong> <a href="https://bozor.uz/uz/catalog" target="_blank" onclick="x()">katalog</a></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><h1>Big</h1><iframe src="https://evil.example"></iframe>';
    const created = await call('manager', 'POST', '/api/admin/posts', {
      slug: 'choynak-tanlash',
      title: { uz: 'Choynak tanlash', ru: 'Как выбрать чайник', en: 'Choosing a kettle' },
      excerpt: { uz: 'Qisqacha', ru: 'Кратко', en: 'In short' },
      body: { uz: dirty, ru: '<p>Текст <em>статьи</em></p>', en: '<p>Article <em>text</em></p>' },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json().post;
    expect(post.body.uz).toBe('<p>Choynak <strong>tanlash</strong> <a href="https://bozor.uz/uz/catalog">katalog</a></p><a>bad</a>Big');
    expect(post.published_at).toBeNull();

    expect((await publicGet('/backend/api/ext/v1/resources/blogs/choynak-tanlash')).statusCode).toBe(404);
    expect(((await publicGet('/backend/api/ext/v1/resources/blogs?per_page=50')).json().data as Array<{ slug: string }>).some((b) => b.slug === 'choynak-tanlash')).toBe(false);

    expect((await call('manager', 'POST', `/api/admin/posts/${post.id}/publish`)).json().post.published_at).not.toBeNull();
    const shown = await publicGet('/backend/api/ext/v1/resources/blogs/choynak-tanlash', 'uz');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.body).toContain('<strong>tanlash</strong>');
    expect(shown.json().data.body).not.toMatch(/script|onerror|javascript:|iframe/);
    expect((await publicGet('/backend/api/ext/v1/resources/blogs?per_page=1')).json().data[0].slug).toBe('choynak-tanlash');

    // an edit is sanitised again; an empty body is refused naming the language
    const edited = await call('manager', 'PATCH', `/api/admin/posts/${post.id}`, { body: { uz: '<p onmouseover="x()">Yangi</p>', ru: '<p>Новый</p>', en: '<p><br></p>' } });
    expect([edited.statusCode, edited.json().error?.fields]).toEqual([422, { 'body.en': 'The text is empty.' }]);
    expect((await call('manager', 'PATCH', `/api/admin/posts/${post.id}`, { body: { uz: '<p onmouseover="x()">Yangi</p>', ru: '<p>Новый</p>', en: '<p>New</p>' } })).json().post.body.uz).toBe('<p>Yangi</p>');

    // a slug taken by another post
    const other = await call('manager', 'POST', '/api/admin/posts', { slug: 'choynak-tanlash', title: post.title, excerpt: post.excerpt, body: { uz: '<p>a</p>', ru: '<p>a</p>', en: '<p>a</p>' } });
    expect(other.json().error.fields).toEqual({ slug: 'This slug is already taken.' });

    expect((await call('manager', 'POST', `/api/admin/posts/${post.id}/unpublish`)).json().post.published_at).toBeNull();
    expect((await publicGet('/backend/api/ext/v1/resources/blogs/choynak-tanlash')).statusCode).toBe(404);
    expect((await auditRows('post.publish')).length).toBe(1);
    expect((await auditRows('post.unpublish')).length).toBe(1);

    // information pages: unpublish → 404, edit → the shop's text
    const page = await call('manager', 'PATCH', '/api/admin/pages/about', { title: { uz: 'Biz haqimizda', ru: 'О нас', en: 'About Bozor' }, body: { uz: '<p>Biz</p>', ru: '<p>Мы</p>', en: '<p>We <strong>are</strong> Bozor<script>x</script></p>' } });
    expect(page.statusCode).toBe(200);
    expect((await publicGet('/backend/api/ext/v1/resources/pages/about')).json().data).toEqual({ slug: 'about', title: 'About Bozor', body: '<p>We <strong>are</strong> Bozor</p>' });
    await call('manager', 'POST', '/api/admin/pages/about/unpublish');
    expect((await publicGet('/backend/api/ext/v1/resources/pages/about')).statusCode).toBe(404);
    await call('manager', 'POST', '/api/admin/pages/about/publish');
    expect((await publicGet('/backend/api/ext/v1/resources/pages/about')).statusCode).toBe(200);
  });
});
