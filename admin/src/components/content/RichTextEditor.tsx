// The editor of blog posts and information pages (Tiptap on ProseMirror). It offers exactly what the
// API's sanitiser keeps (api/src/modules/content/article-html.ts: p, h2, h3, ul, ol, li, strong, em, a,
// br, blockquote; links https:, mailto:, tel: or a path of the shop) and nothing else, so what staff see
// is what the shop shows. Loaded only by the back office's post and page editors (their own chunk);
// the shop's bundles never import it.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import Document from '@tiptap/extension-document';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Bold from '@tiptap/extension-bold';
import Italic from '@tiptap/extension-italic';
import Heading from '@tiptap/extension-heading';
import Blockquote from '@tiptap/extension-blockquote';
import HardBreak from '@tiptap/extension-hard-break';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import { UndoRedo } from '@tiptap/extensions';
import { Button, type Lang } from '@bozor/shared';

/** The addresses a link may have: what the API's sanitiser keeps. */
export function isAllowedHref(href: string): boolean {
  return /^https:\/\/[^\s<>"]+$/i.test(href) || /^mailto:[^\s<>"]+$/i.test(href) || /^tel:\+?[\d\s()-]+$/i.test(href) || /^\/(?!\/)[^\s<>"]*$/.test(href);
}

/** Elements whose content is never text to keep (scripts, styles, embedded documents, graphics, forms). */
const DROPPED = 'script, style, template, noscript, iframe, frame, object, embed, svg, math, img, picture, video, audio, source, track, link, meta, base, form, input, button, select, textarea, canvas';

/**
 * Pasted HTML, cleaned before the editor reads it: parsed in an inert document (DOMParser: no scripts run,
 * no pictures load, no handler is ever attached to an element of the page — the page's CSP reported every
 * `onerror` of a paste parsed in the live document), the elements above dropped with their content, and
 * every attribute removed but a link's `href` and `title`. The editor's schema then keeps only its tags.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.body.querySelectorAll(DROPPED)) el.remove();
  for (const el of doc.body.querySelectorAll('*')) {
    for (const { name } of [...el.attributes]) {
      if (!(el.tagName === 'A' && (name === 'href' || name === 'title'))) el.removeAttribute(name);
    }
  }
  return doc.body.innerHTML;
}

export const EDITOR_EXTENSIONS = [
  Document,
  Paragraph,
  Text,
  Bold,
  Italic,
  Heading.configure({ levels: [2, 3] }),
  BulletList,
  OrderedList,
  ListItem,
  Blockquote,
  HardBreak,
  UndoRedo,
  // only `href` (and `title`): the sanitiser drops target, rel and class, so a pasted link must not carry them
  Link.extend({
    addAttributes() {
      const parent = (this.parent?.() ?? {}) as Record<string, unknown>;
      return { href: parent.href, title: parent.title };
    },
  }).configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: true,
    protocols: ['mailto', 'tel'],
    defaultProtocol: 'https',
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => isAllowedHref(url),
  }),
];

function ToolButton({ label, pressed, onClick, children, testId, disabled }: { label: string; pressed?: boolean; onClick: () => void; children: ReactNode; testId: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="adm-rte__btn"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      onMouseDown={(e) => e.preventDefault()} // keep the selection in the text
      onClick={onClick}
      data-testid={testId}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, label, onLink, prefix }: { editor: Editor; label: string; onLink: () => void; prefix: string }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="adm-rte__toolbar" role="toolbar" aria-label={t('editor.toolbar', { name: label })}>
      <ToolButton label={t('editor.bold')} pressed={state.bold} onClick={() => chain().toggleBold().run()} testId={`${prefix}-bold`}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label={t('editor.italic')} pressed={state.italic} onClick={() => chain().toggleItalic().run()} testId={`${prefix}-italic`}>
        <em>I</em>
      </ToolButton>
      <ToolButton label={t('editor.h2')} pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} testId={`${prefix}-h2`}>
        H2
      </ToolButton>
      <ToolButton label={t('editor.h3')} pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} testId={`${prefix}-h3`}>
        H3
      </ToolButton>
      <ToolButton label={t('editor.bullet')} pressed={state.bullet} onClick={() => chain().toggleBulletList().run()} testId={`${prefix}-bullet`}>
        •
      </ToolButton>
      <ToolButton label={t('editor.ordered')} pressed={state.ordered} onClick={() => chain().toggleOrderedList().run()} testId={`${prefix}-ordered`}>
        1.
      </ToolButton>
      <ToolButton label={t('editor.quote')} pressed={state.quote} onClick={() => chain().toggleBlockquote().run()} testId={`${prefix}-quote`}>
        “”
      </ToolButton>
      <ToolButton label={t('editor.link')} pressed={state.link} onClick={onLink} testId={`${prefix}-link`}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
          <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
        </svg>
      </ToolButton>
      <ToolButton label={t('editor.undo')} onClick={() => chain().undo().run()} testId={`${prefix}-undo`} disabled={!state.undo}>
        ↶
      </ToolButton>
      <ToolButton label={t('editor.redo')} onClick={() => chain().redo().run()} testId={`${prefix}-redo`} disabled={!state.redo}>
        ↷
      </ToolButton>
    </div>
  );
}

/** The link's address: typed, checked against what the shop keeps, applied to the selection (or removed). */
/** `textLang`: the language of the text being edited (its shop pages are /<lang>/…), not the interface's. */
function LinkForm({ editor, onClose, prefix, textLang }: { editor: Editor; onClose: () => void; prefix: string; textLang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState('');
  const apply = () => {
    const value = href.trim();
    if (!value) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isAllowedHref(value)) {
      setError(t('editor.linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // with nothing selected, the address itself becomes the link's text
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  };
  return (
    <div className="adm-rte__link" data-testid={`${prefix}-link-form`}>
      <label htmlFor={id}>{t('editor.linkAddress')}</label>
      <input
        id={id}
        className="bz-input"
        value={href}
        placeholder={`https://… /${textLang}/catalog`}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : `${id}-h`}
        onChange={(e) => {
          setHref(e.target.value);
          setError('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
            editor.commands.focus();
          }
        }}
        data-testid={`${prefix}-link-input`}
      />
      {error ? (
        <span id={`${id}-e`} className="bz-field__error" role="alert">
          {error}
        </span>
      ) : (
        <small id={`${id}-h`} className="adm-muted">
          {t('editor.linkHint', { example: `/${textLang}/catalog` })}
        </small>
      )}
      <span className="adm-actions">
        <Button onClick={apply} data-testid={`${prefix}-link-apply`}>
          {t('editor.linkApply')}
        </Button>
        {editor.isActive('link') ? (
          <Button
            variant="secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {t('editor.linkRemove')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClose}>
          {t('editor.cancel')}
        </Button>
      </span>
    </div>
  );
}

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  testId?: string;
  /** The language the text is written in (the link form's example follows it). */
  lang?: Lang;
}

export function RichTextEditor({ label, value, onChange, error, testId = 'rte', lang = 'uz' }: RichTextEditorProps) {
  const id = useId();
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'adm-rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-l`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-e` } : {}),
        'data-testid': testId,
      },
      transformPastedHTML: (html) => cleanPastedHtml(html),
      handleKeyDown: (_view, event) => {
        // Ctrl/Cmd+K: the link form, as in most editors
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          setLinking(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  // a value loaded later (the post arrives after the editor) replaces the content
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`adm-rte${error ? ' adm-rte--invalid' : ''}`}>
      <span id={`${id}-l`} className="adm-rte__label">
        {label}
      </span>
      {editor ? <Toolbar editor={editor} label={label} prefix={testId} onLink={() => setLinking((v) => !v)} /> : null}
      {editor && linking ? <LinkForm editor={editor} prefix={testId} textLang={lang} onClose={() => setLinking(false)} /> : null}
      <EditorContent editor={editor} />
      {error ? (
        <span id={`${id}-e`} className="bz-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export default RichTextEditor;
