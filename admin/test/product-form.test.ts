// The product form's rules (what the API refuses is caught before sending), the body it sends, and the
// API's field paths turned into the form's.
import en from '../src/i18n/en.json';
import { emptyProduct, emptyVariant, formPathOf, keyOf, missingLangs, productToValues, valuesToBody, type ProductValues } from '../src/forms/product';
import { productSchema } from '../src/forms/productSchema';
import type { AdminProduct } from '../src/api/catalog';
import { countAfter } from '../src/forms/movement';
import { moved } from '../src/components/products/PicturesEditor';

/** English messages, as the staff member reads them. */
const t = (key: string, options?: Record<string, unknown>) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? '')) : key;
};
const schema = productSchema(t);

function valid(): ProductValues {
  const v = emptyProduct([1, 2]);
  v.name = { uz: 'Elektr choynak', ru: 'Электрочайник', en: 'Electric kettle' };
  v.description = { uz: 'Tez qaynatadi', ru: 'Быстро кипятит', en: 'Boils fast' };
  v.category_id = '3';
  v.brand_id = '5';
  v.mxik = '08516010001000000';
  v.package_code = '1501471';
  v.weight_grams = '1200';
  v.option_kinds = [{ code: '', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' } }];
  v.variants = [
    { ...emptyVariant(1, [1, 2]), sku: 'KT-100-W', price_individual: '350000', price_legal: '330000', options: [{ value: '', label: { uz: 'Oq', ru: 'Белый', en: 'White' } }] },
    { ...emptyVariant(1, [1, 2]), sku: 'KT-100-B', price_individual: '360000', price_legal: '340000', options: [{ value: '', label: { uz: 'Qora', ru: 'Чёрный', en: 'Black' } }] },
  ];
  v.variants[0]!.stock[1]!.quantity = '7';
  return v;
}

/** Each failing field's path and message. */
function errorsOf(values: ProductValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('product rules', () => {
  it('accepts a complete product', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it('needs the Uzbek name; Russian and English may wait (flagged as missing)', () => {
    const v = valid();
    v.name = { uz: ' ', ru: '', en: '' };
    expect(errorsOf(v)).toEqual({ 'name.uz': 'Fill this in' });
    v.name.uz = 'Choynak';
    v.description.en = '';
    expect(errorsOf(v)).toEqual({});
    expect(missingLangs(v)).toEqual(['ru', 'en']);
  });

  it('checks MXIK, package code, VAT and weight as the API does', () => {
    const v = valid();
    v.mxik = '0851601000100000';
    v.package_code = '12a';
    v.vat_percent = '101';
    v.weight_grams = '0';
    expect(errorsOf(v)).toEqual({
      mxik: 'MXIK is 17 digits',
      package_code: 'The package code is 1–20 digits',
      vat_percent: 'From 0 to 100',
      weight_grams: 'From 1 to 1 000 000',
    });
  });

  it('checks each variant: SKU format and uniqueness, whole prices, old price above the price', () => {
    const v = valid();
    v.variants[1]!.sku = 'kt-100-w';
    v.variants[0]!.price_individual = '350000.5';
    v.variants[0]!.old_price_legal = '330000';
    v.variants[1]!.price_legal = '';
    expect(errorsOf(v)).toEqual({
      'variants.1.sku': 'This SKU is already used by another variant',
      'variants.0.price_individual': 'Enter a whole number',
      'variants.0.old_price_legal': 'The old price must be higher than the price',
      'variants.1.price_legal': 'Fill this in',
    });
    v.variants[0]!.sku = 'KT 100';
    expect(errorsOf(v)['variants.0.sku']).toBe('1–64 Latin letters, digits and . _ / -');
  });

  it('needs a variant, and tells apart variants only by their options', () => {
    const v = valid();
    v.variants[1]!.options[0]!.label.uz = 'oq';
    expect(errorsOf(v)).toEqual({ 'variants.1.options.0.label.uz': 'Another variant has the same options' });
    v.variants = [];
    expect(errorsOf(v)).toEqual({ variants: 'A product needs at least one variant' });
  });
});

describe('attributes', () => {
  const attribute = (uz: string, value: string, code = '') => ({ code, name: { uz, ru: '', en: '' }, value: { uz: value, ru: '', en: '' } });

  it('an attribute named twice is refused at the second one’s name: the shop would list it twice', () => {
    const v = valid();
    v.attributes = [attribute('Quvvat', '2200 Vt'), attribute('Hajm', '1,7 l'), attribute('Quvvat', '2400 Vt')];
    expect(errorsOf(v)).toEqual({ 'attributes.2.name.uz': 'This attribute is already in the list: put both values in one' });
  });

  it('the same code counts as the same attribute ("Quvvat" and "quvvat!"), and so does a saved code', () => {
    const v = valid();
    v.attributes = [attribute('Quvvat', '2200 Vt'), attribute('quvvat!', '2400 Vt')];
    expect(Object.keys(errorsOf(v))).toEqual(['attributes.1.name.uz']);
    v.attributes = [attribute('Quvvat', '2200 Vt', 'power'), attribute('Quvvati', '2400 Vt', 'power')];
    expect(Object.keys(errorsOf(v))).toEqual(['attributes.1.name.uz']);
    v.attributes = [attribute('Quvvat', '2200 Vt'), attribute('Hajm', '1,7 l')];
    expect(errorsOf(v)).toEqual({});
  });
});

describe('the body sent', () => {
  it('numbers as numbers, empty translations left out, option keys from the Uzbek labels, opening stock of new variants only', () => {
    const v = valid();
    v.name.en = '';
    v.variants[1]!.old_price_individual = '400000';
    const body = valuesToBody(v);
    expect(body.name).toEqual({ uz: 'Elektr choynak', ru: 'Электрочайник' });
    expect(body).toMatchObject({ category_id: 3, brand_id: 5, vat_percent: 12, weight_grams: 1200, visibility: 'shown', marked: false });
    expect(body).not.toHaveProperty('slug');
    expect(body.variants[0]).toEqual({
      sku: 'KT-100-W',
      options: [{ code: 'rang', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'oq', label: { uz: 'Oq', ru: 'Белый', en: 'White' } }],
      price_individual: 350000,
      price_legal: 330000,
      old_price_individual: null,
      old_price_legal: null,
      low_stock_threshold: null,
      stock: [{ store_id: 2, quantity: 7 }],
    });
    expect(body.variants[1]).toMatchObject({ old_price_individual: 400000 });
    expect(body.variants[1]).not.toHaveProperty('stock');
    // a saved variant keeps its id and never sends stock (stock changes only through movements)
    v.variants[0]!.id = '41';
    expect(valuesToBody(v).variants[0]).toMatchObject({ id: 41 });
    expect(valuesToBody(v).variants[0]).not.toHaveProperty('stock');
  });

  it('a saved product comes back into the same form, keeping its option keys', () => {
    const product: AdminProduct = {
      id: 9,
      slug: 'kettle',
      name: { uz: 'Choynak', ru: 'Чайник', en: '' },
      description: { uz: 'Tavsif', ru: '', en: '' },
      missing_langs: ['ru', 'en'],
      category: { id: 3, name: 'Kettles' },
      brand: { id: 5, name: 'Polaris' },
      attributes: [{ code: 'power', name: { uz: 'Quvvat', ru: 'Мощность', en: 'Power' }, value: { uz: '2 kVt', ru: '2 кВт', en: '2 kW' } }],
      mxik: '08516010001000000',
      package_code: '1501471',
      vat_percent: 12,
      weight_grams: 1200,
      marked: true,
      visibility: 'wholesale',
      archived: false,
      images: [],
      variants: [
        {
          id: 41,
          sku: 'KT-1',
          options: [{ code: 'color', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' } }],
          price_individual: 350000,
          price_legal: 330000,
          old_price_individual: 400000,
          old_price_legal: null,
          low_stock_threshold: 2,
          stock: [],
          total_quantity: 0,
          open_orders: 0,
        },
      ],
      shop_url: '/uz/products/kettle',
      created_at: '2026-11-23T08:00:00Z',
      updated_at: '2026-11-23T08:00:00Z',
    };
    const values = productToValues(product);
    expect(values.variants[0]).toMatchObject({ id: '41', price_individual: '350000', old_price_individual: '400000', old_price_legal: '', low_stock_threshold: '2' });
    const body = valuesToBody(values);
    expect(body.variants[0]!.options).toEqual([{ code: 'color', name: { uz: 'Rang', ru: 'Цвет', en: 'Colour' }, value: 'white', label: { uz: 'Oq', ru: 'Белый', en: 'White' } }]);
    expect(body.attributes).toEqual([{ code: 'power', name: { uz: 'Quvvat', ru: 'Мощность', en: 'Power' }, value: { uz: '2 kVt', ru: '2 кВт', en: '2 kW' } }]);
    expect(body).toMatchObject({ visibility: 'wholesale', marked: true, slug: 'kettle' });
  });
});

it("the API's field paths name the form's fields", () => {
  expect(formPathOf('variants.1.sku')).toBe('variants.1.sku');
  expect(formPathOf('variants.0.options.1.label.ru')).toBe('variants.0.options.1.label.ru');
  expect(formPathOf('variants.0.options.1.name.ru')).toBe('option_kinds.1.name.ru');
  expect(formPathOf('variants.2.options.0.code')).toBe('option_kinds.0.code');
  expect(formPathOf('mxik')).toBe('mxik');
});

it('Latin keys from labels', () => {
  expect(keyOf('Oʻrta hajm 1,7 L')).toBe('orta-hajm-1-7-l');
  expect(keyOf('Белый')).toBe('');
});

it('the stock form previews the count after the movement', () => {
  expect(countAfter(5, 'received', '3')).toBe(8);
  expect(countAfter(5, 'damaged', '2')).toBe(3);
  expect(countAfter(5, 'correction', '0')).toBe(0);
  expect(countAfter(5, 'received', '')).toBeNull();
  expect(countAfter(5, 'received', '1.5')).toBeNull();
});

it('pictures reorder', () => {
  expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
});

describe('prices typed with thousands spaces', () => {
  it('are whole numbers (a plain, no-break or narrow space between the thousands), sent as numbers', () => {
    const v = valid();
    v.variants[0]!.price_individual = '1 250 000';
    v.variants[0]!.price_legal = '1\u00a0200\u00a0000';
    v.variants[0]!.old_price_individual = '1\u202f300\u202f000';
    v.variants[0]!.old_price_legal = ' 1 250 000 ';
    expect(errorsOf(v)).toEqual({});
    const body = valuesToBody(v);
    expect(body.variants[0]).toMatchObject({ price_individual: 1250000, price_legal: 1200000, old_price_individual: 1300000, old_price_legal: 1250000 });
  });

  it('an old price with spaces is still compared with the price', () => {
    const v = valid();
    v.variants[0]!.price_individual = '1 250 000';
    v.variants[0]!.old_price_individual = '1 000 000';
    expect(errorsOf(v)).toEqual({ 'variants.0.old_price_individual': 'The old price must be higher than the price' });
  });

  it('a space anywhere but between thousands is a typo, not a price', () => {
    const v = valid();
    v.variants[0]!.price_individual = '39 2000';
    v.variants[0]!.price_legal = '3 9 2 0 0 1';
    expect(errorsOf(v)).toEqual({ 'variants.0.price_individual': 'Enter a whole number', 'variants.0.price_legal': 'Enter a whole number' });
  });

  it('anything else than digits and spaces is still refused', () => {
    const v = valid();
    v.variants[0]!.price_individual = '1,250,000';
    v.variants[0]!.price_legal = '1 250 000.50';
    expect(errorsOf(v)).toEqual({ 'variants.0.price_individual': 'Enter a whole number', 'variants.0.price_legal': 'Enter a whole number' });
  });
});
