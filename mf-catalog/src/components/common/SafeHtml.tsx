// Article and page bodies come from the API as HTML. Only an allow-list of text tags survives, with
// no attributes except a safe href on links: no scripts, handlers, styles or frames can get through.
const TAGS = new Set(['P', 'H2', 'H3', 'H4', 'UL', 'OL', 'LI', 'STRONG', 'B', 'EM', 'I', 'A', 'BR', 'BLOCKQUOTE', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TD', 'TH']);

/** Returns the sanitised HTML string. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      if (!TAGS.has(child.tagName)) {
        // Unknown wrappers keep their text; dangerous elements go entirely.
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE'].includes(child.tagName)) child.remove();
        else child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attr of [...child.attributes]) {
        const keep = child.tagName === 'A' && attr.name === 'href' && /^(https?:|\/|#|mailto:|tel:)/i.test(attr.value.trim());
        if (!keep) child.removeAttribute(attr.name);
      }
      clean(child);
    }
  };
  // Unwrapping moves children up, so clean until nothing changes.
  let before = '';
  while (before !== doc.body.innerHTML) {
    before = doc.body.innerHTML;
    clean(doc.body);
  }
  return doc.body.innerHTML;
}

export function SafeHtml({ html, testId }: { html: string; testId?: string }) {
  return <div className="bzc-prose" data-testid={testId} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
