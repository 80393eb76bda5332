/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@bozor/shared';
import { langFromCookie, rememberLang, rootRedirectTarget } from '../src/routing/language';
import { installChunkReloadGuard, isChunkLoadError, shouldReload } from '../src/chunkReload';
import { LanguageSwitch } from '../src/layout/LanguageSwitch';

jest.mock('../src/remotes/runtime', () => ({}));

describe('language routing', () => {
  it('"/" goes to the cookie language, else uz', () => {
    expect(rootRedirectTarget('')).toBe('/uz');
    expect(rootRedirectTarget('a=1; lang=ru')).toBe('/ru');
    expect(rootRedirectTarget('lang=de')).toBe('/uz');
    expect(langFromCookie('lang=en')).toBe('en');
  });

  it('remembers the language for 365 days', () => {
    const doc = { cookie: '' };
    rememberLang('en', doc);
    // The number written out (365 × 24 × 3600), not the module's constant: the cookie is what the browser keeps.
    expect(doc.cookie).toBe('lang=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('the language switch keeps the rest of the path and the query', () => {
    setLanguage('uz');
    render(
      <MemoryRouter initialEntries={['/uz/products/kettle?x=1']}>
        <LanguageSwitch current="uz" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('lang-ru').getAttribute('href')).toBe('/ru/products/kettle?x=1');
    expect(screen.getByTestId('lang-en').getAttribute('href')).toBe('/en/products/kettle?x=1');
    expect(screen.getByTestId('lang-uz').getAttribute('aria-current')).toBe('true');
  });
});

describe('chunk-load reload guard', () => {
  it('recognises chunk errors and reloads at most once per 10 000 ms', () => {
    const e = new Error('Loading chunk 42 failed.');
    expect(isChunkLoadError(e)).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
    // Written out, not derived from the guard's constant: a changed guard must fail here.
    expect(shouldReload(1000, null)).toBe(true);
    expect(shouldReload(5000, 1000)).toBe(false);
    expect(shouldReload(10_999, 1000)).toBe(false);
    expect(shouldReload(11_000, 1000)).toBe(true);
  });

  it('a tab that keeps missing chunks reloads once, then again only after 10 s', () => {
    const reload = jest.fn();
    const target = new EventTarget();
    const store = new Map<string, string>();
    const win = Object.assign(target, {
      location: { reload },
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    }) as unknown as Window;
    const missingChunk = () => target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('Loading chunk 7 failed.') }));
    const now = jest.spyOn(Date, 'now').mockReturnValue(100_000);
    try {
      installChunkReloadGuard(win);
      missingChunk();
      target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('unrelated') }));
      now.mockReturnValue(109_999);
      missingChunk();
      expect(reload).toHaveBeenCalledTimes(1);
      now.mockReturnValue(110_000);
      missingChunk();
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
    }
  });
});
