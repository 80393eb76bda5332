/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@bozor/shared';
import { LANG_COOKIE_MAX_AGE_S, langFromCookie, rememberLang, rootRedirectTarget } from '../src/routing/language';
import { isChunkLoadError, shouldReload, CHUNK_RELOAD_GUARD_MS } from '../src/chunkReload';
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
    expect(doc.cookie).toContain('lang=en');
    expect(doc.cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(LANG_COOKIE_MAX_AGE_S).toBe(31536000);
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
    expect(shouldReload(1000, null)).toBe(true);
    expect(shouldReload(5000, 1000)).toBe(false);
    expect(shouldReload(1000 + CHUNK_RELOAD_GUARD_MS, 1000)).toBe(true);
  });
});
