// Pasting HTML into the rich-text editor: the pasted markup is parsed in an inert document, never in the
// page, so no event handler it carries (onerror, onclick, onbegin, ontoggle…) ever reaches a live element.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanPastedHtml } from '../src/components/content/RichTextEditor';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

const HOSTILE =
  '<p onclick="alert(1)">Hello <b onmouseover="alert(2)">bold</b></p><img src=x onerror="alert(3)">' +
  '<svg><animate onbegin="alert(4)" attributeName="x" dur="1s"></animate></svg>' +
  '<details open ontoggle="alert(5)"><summary>More</summary>text</details><a href="https://bozor.uz" onfocus="alert(6)">link</a>';
const HANDLER = /\son[a-z]+\s*=/i;

beforeEach(() => resetApp());

test('the paste cleaner parses in an inert document and keeps no handler, picture or svg', () => {
  const created = jest.spyOn(document, 'createElement');
  const clean = cleanPastedHtml(HOSTILE);
  expect(created).not.toHaveBeenCalled();
  created.mockRestore();
  expect(clean).not.toMatch(HANDLER);
  expect(clean).not.toMatch(/<(img|svg|animate)/i);
  expect(clean).toContain('<a href="https://bozor.uz">link</a>');
  expect(clean).toContain('<b>bold</b>');
});

test('a paste into the editor never puts a handler attribute on an element of the page', async () => {
  // every way markup becomes elements of the live document is watched
  const leaks: string[] = [];
  const watch = (proto: object, name: string) => {
    const original = Object.getOwnPropertyDescriptor(proto, name)!;
    Object.defineProperty(proto, name, {
      configurable: true,
      get: original.get,
      set(this: Element, value: unknown) {
        if (this.ownerDocument === document && HANDLER.test(String(value))) leaks.push(`${name}: ${String(value)}`);
        original.set!.call(this, value);
      },
    });
    return () => Object.defineProperty(proto, name, original);
  };
  const restore = [watch(Element.prototype, 'innerHTML'), watch(Element.prototype, 'outerHTML')];
  const contextual = jest.spyOn(Range.prototype, 'createContextualFragment');
  const inspect = (records: MutationRecord[]) => {
    for (const r of records) {
      const nodes = r.type === 'attributes' ? [r.target] : [...r.addedNodes];
      for (const n of nodes) if (n instanceof Element && [n, ...n.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on')))) leaks.push(`mutation: ${n.outerHTML}`);
    }
  };
  const observer = new MutationObserver(inspect);
  try {
    fakeApi({});
    renderAdmin('/posts/new', staffMember('manager'));
    const editor = await screen.findByTestId('rte-uz');
    observer.observe(document, { subtree: true, childList: true, attributes: true });
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { types: ['text/html', 'text/plain'], getData: (type: string) => (type === 'text/html' ? HOSTILE : type === 'text/plain' ? 'Hello bold' : '') } });
    fireEvent(editor, paste);
    await waitFor(() => expect(editor.textContent).toContain('Hello bold'));
    inspect(observer.takeRecords());
    expect(leaks).toEqual([]);
    expect(contextual.mock.calls.filter(([html]) => HANDLER.test(html))).toEqual([]);
    expect([...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on')))).toEqual([]);
    expect(editor.innerHTML).toContain('<strong>bold</strong>');
  } finally {
    observer.disconnect();
    contextual.mockRestore();
    restore.forEach((r) => r());
  }
});
