// Article and page bodies come from the API as HTML. Only an allow-list of text tags survives, with
// no attributes except a safe href on links: no scripts, handlers, styles or frames can get through.
// Read without a DOM: the shell server renders these pages in Node, where there is none, and the
// browser's hydrating render must make the same HTML of the same body. Safe by construction: every tag
// in the result is written here from the allow-list, and all text between them has its "<" escaped.
const TAGS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'br', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'td', 'th']);
/** Dangerous elements go entirely, with what is in them; unknown wrappers keep their text. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'template', 'noscript', 'noembed', 'noframes', 'xmp', 'textarea', 'title', 'plaintext']);
/** Elements that end an open paragraph (as the browser's parser does), so none is left inside it. */
const CLOSES_P = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'blockquote', 'table']);
const SAFE_HREF = /^(https?:|\/|#|mailto:|tel:)/i;

const COMMENT = /<!--[\s\S]*?(?:-->|$)/y;
const DECLARATION = /<[!?][^>]*(?:>|$)/y;
const END_TAG = /<\/([a-zA-Z][^\s/>]*)[^>]*(?:>|$)/y;
const START_TAG = /<([a-zA-Z][^\s/>]*)/y;
const ATTRIBUTE_NAME = /[^\s/>][^\s/>=]*/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const SPACE = /[\s/]*/y;
const WHITESPACE = /\s*/y;

const escapeText = (text: string) => text.replace(/\0/g, '').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/\0/g, '').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The match of a sticky pattern at `at`, or null. */
function matchAt(pattern: RegExp, html: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(html);
}

/** A start tag's attributes (lower-case names, the first of a name wins) and where the tag ends; end -1: the body ends inside it. */
function readAttributes(html: string, at: number): { attributes: Map<string, string>; end: number } {
  const attributes = new Map<string, string>();
  let i = at;
  for (;;) {
    i += (matchAt(SPACE, html, i)?.[0] ?? '').length;
    if (i >= html.length) return { attributes, end: -1 };
    if (html[i] === '>') return { attributes, end: i + 1 };
    const name = (matchAt(ATTRIBUTE_NAME, html, i)?.[0] ?? html[i]) as string;
    i += name.length;
    let value = '';
    const afterName = i + (matchAt(WHITESPACE, html, i)?.[0] ?? '').length;
    if (html[afterName] === '=') {
      i = afterName + 1;
      i += (matchAt(WHITESPACE, html, i)?.[0] ?? '').length;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return { attributes, end: -1 };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        value = matchAt(UNQUOTED_VALUE, html, i)?.[0] ?? '';
        i += value.length;
      }
    }
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, value);
  }
}

/** Returns the sanitised HTML string. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  /** Closes the open elements down to and with the last `name`; nothing when it is not open inside the nearest of `within`. */
  const closeTo = (name: string, within: readonly string[] = []) => {
    const at = open.lastIndexOf(name);
    if (at === -1 || within.some((outer) => open.lastIndexOf(outer) > at)) return;
    while (open.length > at) out += `</${open.pop() as string}>`;
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt !== i) {
      const end = lt === -1 ? html.length : lt;
      out += escapeText(html.slice(i, end));
      i = end;
      continue;
    }
    const markup = matchAt(COMMENT, html, i) ?? matchAt(DECLARATION, html, i);
    if (markup) {
      i += markup[0].length;
      continue;
    }
    const endTag = matchAt(END_TAG, html, i);
    if (endTag) {
      i += endTag[0].length;
      const name = (endTag[1] as string).toLowerCase();
      if (TAGS.has(name) && name !== 'br') closeTo(name);
      continue;
    }
    const startTag = matchAt(START_TAG, html, i);
    if (!startTag) {
      // a "<" that starts no tag is text
      out += '&lt;';
      i++;
      continue;
    }
    const name = (startTag[1] as string).toLowerCase();
    const { attributes, end } = readAttributes(html, i + startTag[0].length);
    if (end === -1) break; // the body ends inside a tag: the browser drops that tag too
    i = end;
    if (DROPPED.has(name)) {
      // what is in it is not read as markup: skip to its end tag (or the end of the body)
      const close = new RegExp(`</${name}[\\s/>]`, 'ig');
      close.lastIndex = i;
      const found = close.exec(html);
      i = found ? found.index : html.length;
      continue;
    }
    if (!TAGS.has(name)) continue;
    if (CLOSES_P.has(name)) closeTo('p', ['table', 'td', 'th']);
    if (name === 'li') closeTo('li', ['ul', 'ol']);
    if (name === 'a') closeTo('a');
    const href = attributes.get('href')?.trim();
    out += name === 'a' && href !== undefined && SAFE_HREF.test(href) ? `<a href="${escapeAttribute(href)}">` : `<${name}>`;
    if (name !== 'br') open.push(name);
  }
  while (open.length > 0) out += `</${open.pop() as string}>`;
  return out;
}

export function SafeHtml({ html, testId }: { html: string; testId?: string }) {
  return <div className="bzc-prose" data-testid={testId} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
