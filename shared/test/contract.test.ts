import { CONTRACT_VERSION, isContractCompatible } from '../src';
import pkg from '../package.json';

describe('shared contract version', () => {
  it('is the package version (the MF shared version)', () => expect(CONTRACT_VERSION).toBe(pkg.version));
  it('accepts the same major built against the same or an older minor', () => {
    expect(isContractCompatible('1.0.0', '1.1.0')).toBe(true);
    expect(isContractCompatible('1.1.3', '1.1.0')).toBe(true);
    expect(isContractCompatible('1.1.0', '1.4.2')).toBe(true);
  });
  it('refuses another major, a newer minor (it may call what the shell lacks) and garbage', () => {
    expect(isContractCompatible('2.0.0', '1.1.0')).toBe(false);
    expect(isContractCompatible('0.1.0', '1.1.0')).toBe(false);
    expect(isContractCompatible('1.2.0', '1.1.0')).toBe(false);
    expect(isContractCompatible('garbage', '1.1.0')).toBe(false);
    expect(isContractCompatible('1.1.0', 'garbage')).toBe(false);
  });
});

import { matchRoute, remoteForSegment, splitLangPath, switchLangPath, layoutFor } from '../src';
import { catalogListQuery } from '../src/routes';

describe('route table', () => {
  it('maps paths to the owning remote', () => {
    expect(matchRoute('')).toMatchObject({ remote: 'catalog', page: 'home' });
    expect(matchRoute('products/chair')).toEqual({ remote: 'catalog', page: 'product', params: { slug: 'chair' } });
    expect(matchRoute('checkout/payment')?.remote).toBe('checkout');
    expect(matchRoute('account/orders')?.remote).toBe('account');
    expect(matchRoute('how-to-buy')?.page).toBe('info');
    expect(matchRoute('nope')).toBeNull();
    expect(matchRoute('cart/extra')).toBeNull();
    expect(remoteForSegment('cart')).toBe('cart');
    expect(remoteForSegment('zzz')).toBeNull();
  });
  it('splits and switches the language prefix, keeping the rest of the path', () => {
    expect(splitLangPath('/ru/products/x')).toEqual({ lang: 'ru', rest: 'products/x' });
    expect(splitLangPath('/ru')).toEqual({ lang: 'ru', rest: '' });
    expect(splitLangPath('/de/x')).toBeNull();
    expect(switchLangPath('/ru/cart?x=1', 'en')).toBe('/en/cart?x=1');
    expect(switchLangPath('/uz', 'ru')).toBe('/ru');
  });
  it('names a brand’s list by the old ?brand= too, with ?brands= in its canonical query', () => {
    const listed = (q: string) => catalogListQuery(new URLSearchParams(q));
    expect(listed('brand=tefal')).toEqual({ brand: 'tefal', query: '?brands=tefal' });
    expect(listed('brand=Tefal&page=2&sort=new')).toEqual({ brand: 'tefal', query: '?brands=tefal&page=2' });
    // the filter's own parameter wins; a list of brands is no brand's page
    expect(listed('brands=bosch&brand=tefal')).toEqual({ brand: 'bosch', query: '?brands=bosch' });
    expect(listed('brands=tefal,bosch')).toEqual({ query: '' });
  });
  it('uses the checkout layout for checkout and payment only', () => {
    expect(layoutFor('checkout')).toBe('checkout');
    expect(layoutFor('checkout-payment')).toBe('checkout');
    expect(layoutFor('checkout-confirmed')).toBe('default');
  });
});
