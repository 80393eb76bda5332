import { filterBody, filterToParams, parseFilter } from '../src/api/filter';

describe('catalogue filter in the URL', () => {
  it('round-trips every field', () => {
    const qs = 'category=kettles&brands=tefal,bosch&price_min=100&price_max=900&opt_color=white,black&in_stock=true&discounted=true&sort=price_desc&page=3';
    const f = parseFilter(new URLSearchParams(qs));
    expect(f).toMatchObject({ category: 'kettles', brands: ['tefal', 'bosch'], price_min: 100, price_max: 900, options: { color: ['white', 'black'] }, in_stock: true, discounted: true, sort: 'price_desc', page: 3 });
    expect(decodeURIComponent(filterToParams(f).toString())).toBe(qs);
  });

  it('ignores malformed values and leaves undefined fields out of the API body', () => {
    const f = parseFilter(new URLSearchParams('sort=cheap&page=-2&price_min=abc&category=../x'));
    expect(filterBody(f)).toEqual({ page: 1, per_page: 24 });
  });
});
