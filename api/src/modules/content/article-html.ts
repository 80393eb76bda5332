import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a blog post or an information page may hold: what the back office's editor can produce
 * (admin/src/components/content/RichTextEditor.tsx is configured to exactly these) and nothing else.
 * Every body is sanitised here when it is stored, whoever sends it.
 */
export const ARTICLE_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br', 'blockquote'] as const;
export const ARTICLE_ATTRIBUTES = { a: ['href', 'title'] } as const;
/** Link schemes besides relative addresses (`/uz/catalog/...`). */
export const ARTICLE_SCHEMES = ['https', 'mailto', 'tel'] as const;

export function sanitiseArticle(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...ARTICLE_TAGS],
    allowedAttributes: { a: [...ARTICLE_ATTRIBUTES.a] },
    allowedSchemes: [...ARTICLE_SCHEMES],
    // `//evil.example` is another site, not a path of ours
    allowProtocolRelative: false,
  });
}

/** True when the HTML has no text a reader would see (an empty editor gives `<p></p>`). */
export function isEmptyArticle(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
}
