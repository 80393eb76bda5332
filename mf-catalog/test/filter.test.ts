import { filterBody, filterToParams, parseFilter, parseSearch } from '../src/api/filter';

describe('catalogue filter in the URL', () => {
  it('round-trips every field', () => {
    const qs = 'category=kettles&brands=tefal,bosch&price_min=100&price_max=900&opt_color=white,black&in_stock=true&discounted=true&sort=price_desc&page=3';
    const f = parseFilter(new URLSearchParams(qs));
    expect(f).toMatchObject({ category: 'kettles', brands: ['tefal', 'bosch'], price_min: 100, price_max: 900, options: { color: ['white', 'black'] }, in_stock: true, discounted: true, sort: 'price_desc', page: 3 });
    expect(decodeURIComponent(filterToParams(f).toString())).toBe(qs);
  });

  it('reads the old ?brand= (one brand, as links and the old sitemap gave it) as ?brands=, and writes it back so', () => {
    const f = parseFilter(new URLSearchParams('brand=tefal&sort=new'));
    expect(filterBody(f)).toEqual({ brands: ['tefal'], sort: 'new', page: 1, per_page: 24 });
    expect(filterToParams({ ...f, page: 2 }).toString()).toBe('brands=tefal&sort=new&page=2');
    // typed by hand
    expect(parseFilter(new URLSearchParams('brand=%20Tefal%20')).brands).toEqual(['tefal']);
    // ?brands= wins when both are there
    expect(parseFilter(new URLSearchParams('brands=bosch,philips&brand=tefal')).brands).toEqual(['bosch', 'philips']);
    expect(parseFilter(new URLSearchParams('brand=')).brands).toBeUndefined();
  });

  it('ignores malformed values and leaves undefined fields out of the API body', () => {
    const f = parseFilter(new URLSearchParams('sort=cheap&page=-2&price_min=abc&category=../x'));
    expect(filterBody(f)).toEqual({ page: 1, per_page: 24 });
  });

  it('reads a price pair the wrong way round as the range between the two (the API refuses min > max)', () => {
    expect(filterBody(parseFilter(new URLSearchParams('price_min=1000000&price_max=500000')))).toEqual({ price_min: 500000, price_max: 1000000, page: 1, per_page: 24 });
    expect(filterBody(parseFilter(new URLSearchParams('price_min=700&price_max=700')))).toMatchObject({ price_min: 700, price_max: 700 });
  });

  it('the search page asks for its words and page only, the words trimmed to what the API takes', () => {
    expect(filterBody(parseSearch(new URLSearchParams('q=%20choynak%20&page=3&brands=tefal&sort=new')))).toEqual({ q: 'choynak', page: 3, per_page: 24 });
    expect(parseSearch(new URLSearchParams('q=' + 'a'.repeat(600))).q).toHaveLength(500);
    expect(filterBody(parseSearch(new URLSearchParams('q=%20%20')))).toEqual({ page: 1, per_page: 24 });
  });

  it('reads a price bound above what the API takes as the highest it takes, so a shared link still loads', () => {
    expect(filterBody(parseFilter(new URLSearchParams('price_min=99999999999')))).toEqual({ price_min: 2147483647, page: 1, per_page: 24 });
    expect(filterBody(parseFilter(new URLSearchParams('price_min=100&price_max=5000000000')))).toMatchObject({ price_min: 100, price_max: 2147483647 });
    expect(parseFilter(new URLSearchParams('price_max=2147483647')).price_max).toBe(2147483647);
    // a page past the API's last (10 000) asks for that one, which says it does not exist
    expect(parseFilter(new URLSearchParams('page=99999999999')).page).toBe(10000);
  });
});
