/** @jest-environment node */
// The content pages rendered where the shell server renders them: in Node, with no document, window or
// DOMParser. Each page asks for its one answer (src/ssr.tsx `dataRequests`) and its HTML holds what the
// shopper reads — the article, the information page's text, the brands, the posts, the stores and the
// category tree — instead of a loading skeleton. (The browser's side of the same pages, hydration
// without a request, is in ssr.test.tsx.)
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage, type Lang } from '@bozor/shared';
import CatalogRoutes from '../src/routes';
import { sanitizeHtml } from '../src/components/common/SafeHtml';
import { dataRequests, setServerData } from '../src/ssr';
import { fakeContent } from './fakeApi';
import { fakeBrandList } from './fakeCatalogue';

/** What the shell server does for `url`: ask for the page's answers (`answer`), render it once with them. */
function serverRender(url: string, answer: (path: string) => unknown = (path) => fakeContent(path) ?? (path.endsWith('/resources/brands') ? fakeBrandList([]) : undefined)) {
  const lang = url.split('/')[1] as Lang;
  const [rest = '', search = ''] = url.replace(/^\/\w+\/?/, '').split('?');
  const requests = dataRequests(rest, search, lang);
  setLanguage(lang);
  setServerData(Object.fromEntries(requests.map((r) => [r.key, answer(r.path)])));
  try {
    const html = renderToString(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={`/${lang}/*`} element={<CatalogRoutes basePath={`/${lang}`} />} />
        </Routes>
      </MemoryRouter>,
    );
    // the page's own part, without the catalogue's stylesheet
    return { html: html.replace(/<style[\s\S]*?<\/style>/g, ''), requests };
  } finally {
    setServerData(null);
  }
}

test('there is no DOM here, as in the shell server', () => {
  expect(typeof document).toBe('undefined');
  expect(typeof DOMParser).toBe('undefined');
});

test('a blog article is rendered with its title and its sanitised text', () => {
  const { html, requests } = serverRender('/uz/blogs/tea');
  expect(requests).toEqual([{ key: 'blog:tea|uz', method: 'GET', path: '/backend/api/ext/v1/resources/blogs/tea' }]);
  expect(html).toContain('<h1>About tea</h1>');
  expect(html).toContain('<div class="bzc-prose" data-testid="blog-body"><p>Brew <b>well</b></p><a>bad</a></div>');
  expect(html).not.toContain('aria-busy');
  expect(html).not.toMatch(/script|onclick|javascript/);
});

test('the blog list is rendered with every post', () => {
  const { html, requests } = serverRender('/uz/blogs');
  expect(requests).toEqual([{ key: 'blogs|uz', method: 'GET', path: '/backend/api/ext/v1/resources/blogs?per_page=50' }]);
  expect(html).toContain('<a href="/uz/blogs/kettles" data-discover="true">Choosing a kettle</a>');
  expect(html).toContain('<a href="/uz/blogs/tea" data-discover="true">About tea</a>');
  expect(html).not.toContain('aria-busy');
});

test.each(['about', 'contacts', 'delivery', 'how-to-buy', 'return', 'public-offer'])('the information page %s is rendered with its text', (slug) => {
  const { html, requests } = serverRender(`/ru/${slug}`);
  expect(requests).toEqual([{ key: `page:${slug}|ru`, method: 'GET', path: `/backend/api/ext/v1/resources/pages/${slug}` }]);
  expect(html).toContain(slug === 'delivery' ? '<p>We deliver across <strong>Uzbekistan</strong> in 1–3 days.</p>' : `<p>What the ${slug} page says.</p>`);
  expect(html).not.toContain('aria-busy');
});

test('the list of information pages needs no answer and is rendered whole', () => {
  const { html, requests } = serverRender('/en/pages');
  expect(requests).toEqual([]);
  expect(html).toContain('<a href="/en/delivery" data-discover="true">Delivery</a>');
});

test('the brands are rendered with their names', () => {
  const { html, requests } = serverRender('/uz/brands');
  expect(requests).toEqual([{ key: 'brands|uz', method: 'GET', path: '/backend/api/ext/v1/resources/brands' }]);
  for (const name of ['Tefal', 'LG', 'Kärcher', 'Philips']) expect(html).toContain(`">${name}<span`);
  expect(html).not.toContain('aria-busy');
});

test('the categories are rendered from the tree, with their subcategories', () => {
  const { html, requests } = serverRender('/en/categories');
  expect(requests).toEqual([{ key: 'categories|en', method: 'GET', path: '/backend/api/ext/v1/resources/categories' }]);
  expect(html).toContain('<a href="/en/catalog?category=kitchen" data-discover="true">Kitchen appliances</a>');
  expect(html).toContain('<a href="/en/catalog?category=microwaves" data-discover="true">Microwave ovens</a>');
  expect(html).not.toContain('categories-loading');
});

test('the stores are rendered with their address, phone and hours; the map waits for the browser', () => {
  const { html, requests } = serverRender('/en/markets');
  expect(requests).toEqual([{ key: 'markets|en', method: 'GET', path: '/api/store/stores' }]);
  expect(html).toContain('<h2>Bozor Chilonzor</h2><p>42 Bunyodkor Avenue, Tashkent</p>');
  expect(html).toContain('<a href="tel:+998712001122">');
  expect(html).toContain('<p>09–21</p>');
  expect(html).not.toContain('markets-map');
  expect(html).not.toContain('aria-busy');
});

test('without an answer (the API did not give one) these pages are sent in their loading state, as before', () => {
  for (const url of ['/uz/blogs/tea', '/uz/blogs', '/uz/about', '/uz/brands', '/uz/markets']) expect(serverRender(url, () => undefined).html).toContain('aria-busy="true"');
  expect(serverRender('/uz/categories', () => undefined).html).toContain('data-testid="categories-loading"');
  // an answer of another shape is no answer
  expect(serverRender('/uz/blogs/tea', () => ({ data: { title: 'no body' } })).html).toContain('aria-busy="true"');
});

test('a broken escape in an article address asks for nothing', () => {
  expect(dataRequests('blogs/%E0%A4%A', '', 'uz')).toEqual([]);
  expect(dataRequests('blogs/choy%20haqida', '', 'uz')).toEqual([{ key: 'blog:choy haqida|uz', method: 'GET', path: '/backend/api/ext/v1/resources/blogs/choy%20haqida' }]);
});

describe('the sanitiser, without a DOM', () => {
  it('keeps the allowed tags without their attributes, and safe links', () => {
    expect(sanitizeHtml('<P CLASS="x" style="color:red">Hi <A HREF="/uz/catalog" onclick="x()">here</A> <a href=" https://bozor.uz/?a=1&amp;b=2 ">there</a></P>')).toBe(
      '<p>Hi <a href="/uz/catalog">here</a> <a href="https://bozor.uz/?a=1&amp;b=2">there</a></p>',
    );
    expect(sanitizeHtml('<ul><li>one<li>two</ul><h2>Title</h2><br/><blockquote>q</blockquote>')).toBe('<ul><li>one</li><li>two</li></ul><h2>Title</h2><br><blockquote>q</blockquote>');
  });

  it('drops scripts, styles and frames with what is in them, and unwraps unknown tags', () => {
    expect(sanitizeHtml('<div><span>a</span><script>alert("</p>")</script><style>p{}</style><iframe src="x"><b>f</b></iframe><img src=x onerror=alert(1)>b</div>')).toBe('ab');
    expect(sanitizeHtml('<p>a<ScRiPt>alert(1)</sCrIpT >b<!-- <script>c</script> -->d</p>')).toBe('<p>abd</p>');
  });

  it('gives no link an unsafe address, however it is written', () => {
    for (const href of ['javascript:x()', ' JavaScript:x()', 'jav&#x61;script:x()', '&#106;avascript:x()', 'data:text/html,<script>x</script>', 'vbscript:x']) {
      expect(sanitizeHtml(`<a href="${href.replace(/"/g, '&quot;')}">x</a>`)).toBe('<a>x</a>');
    }
    expect(sanitizeHtml(`<a href='/x"onmouseover="alert(1)'>x</a>`)).toBe('<a href="/x&quot;onmouseover=&quot;alert(1)">x</a>');
  });

  it('leaves no markup in text: a stray "<", a tag the body ends inside, an attribute with ">" in it', () => {
    expect(sanitizeHtml('1 < 2 > 0 <3')).toBe('1 &lt; 2 &gt; 0 &lt;3');
    expect(sanitizeHtml('<p>a</p><img src="x" onerror="alert(1)"')).toBe('<p>a</p>');
    expect(sanitizeHtml('<b title="a>b<script>x</script>">c</b>')).toBe('<b>c</b>');
  });

  it('closes what the body leaves open, and never leaves a block inside a paragraph', () => {
    expect(sanitizeHtml('<p>a<ul><li>b</ul>c</p><strong>d')).toBe('<p>a</p><ul><li>b</li></ul>c<strong>d</strong>');
    expect(sanitizeHtml('</p></strong>a</li>')).toBe('a');
  });
});
