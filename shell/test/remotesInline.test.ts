// The remotes.json the shell server inlines is used instead of a fetch only when it is a name → URL map.
import { inlineRemotesConfig } from '../src/remotes/runtime';

const page = (text: string | null) => {
  const doc = document.implementation.createHTMLDocument('t');
  if (text !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'bozor-remotes';
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
};

describe('inlineRemotesConfig', () => {
  it('reads the inlined remotes.json', () => {
    expect(inlineRemotesConfig(page('{"catalog":"/remotes/catalog/1.0.0/mf-manifest.json","cart":"https://cdn.example/cart/mf-manifest.json"}'))).toEqual({
      catalog: '/remotes/catalog/1.0.0/mf-manifest.json',
      cart: 'https://cdn.example/cart/mf-manifest.json',
    });
  });

  it.each([
    ['no script', null],
    ['an empty script', ''],
    ['broken JSON', '{"catalog":'],
    ['a list', '["/remotes/catalog/1.0.0/mf-manifest.json"]'],
    ['a non-string URL', '{"catalog":1}'],
    ['null', 'null'],
  ])('answers null for %s (the shell then fetches /remotes.json)', (_name, text) => {
    expect(inlineRemotesConfig(page(text))).toBeNull();
  });
});
