// A product's pictures: add several at once (JPEG, PNG or WebP; the API re-encodes them to WebP and
// refuses anything else), reorder with "Move up"/"Move down" (keyboard) or by dragging, delete. The
// first picture is the one lists show.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import { PICTURE_TYPES } from '../../api/outgoing';
import { MAX_PICTURES } from '../../forms/product';

export interface PictureItem {
  key: string;
  url: string;
  alt: string;
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export interface PicturesEditorProps {
  items: PictureItem[];
  readOnly: boolean;
  busy?: boolean;
  error?: string;
  /** A note under the title (e.g. "uploaded when the product is saved"). */
  hint?: string;
  onAdd: (files: File[]) => void;
  onMove: (from: number, to: number) => void | Promise<void>;
  onRemove: (index: number) => void;
}

export function PicturesEditor({ items, readOnly, busy, error, hint, onAdd, onMove, onRemove }: PicturesEditorProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const listRef = useRef<HTMLOListElement>(null);

  // after a move, once the list shows the new order (and is no longer busy), the focus goes back to the
  // same button of the moved picture — or its other one at an end of the list
  const focusAfter = useRef<{ index: number; which: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const want = focusAfter.current;
    if (!want || busy) return;
    const pick = (w: 'up' | 'down') => listRef.current?.querySelectorAll<HTMLButtonElement>(`[data-move="${w}"]`)[want.index];
    const target = pick(want.which);
    const button = target && !target.disabled ? target : pick(want.which === 'up' ? 'down' : 'up');
    if (!button || button.disabled) return;
    focusAfter.current = null;
    button.focus();
  }, [items, busy]);

  // after a removal, once the list has lost the picture, the focus goes to the remove button now in its
  // place (or the one before it), or to the file field when none is left: not to the top of the page
  const focusAfterRemove = useRef<{ index: number; count: number } | null>(null);
  useEffect(() => {
    const want = focusAfterRemove.current;
    if (!want || busy || items.length >= want.count) return;
    focusAfterRemove.current = null;
    setSaid(t('products.pictureRemoved', { n: want.index + 1 }));
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [];
    (buttons[Math.min(want.index, buttons.length - 1)] ?? input.current)?.focus();
  }, [items, busy, t]);

  const remove = (index: number) => {
    focusAfterRemove.current = { index, count: items.length };
    onRemove(index);
  };

  /** Moves a picture and keeps the keyboard focus on the same button of the moved picture. */
  const move = (from: number, to: number, which: 'up' | 'down') => {
    focusAfter.current = { index: to, which };
    setSaid(t('products.pictureMoved', { n: to + 1, total: items.length }));
    void onMove(from, to);
  };

  return (
    <section className="adm-card" aria-labelledby={`${inputId}-title`} data-testid="pictures">
      <h2 id={`${inputId}-title`}>{t('products.pictures')}</h2>
      {hint ? <p className="adm-muted">{hint}</p> : null}
      {items.length === 0 ? <p className="adm-muted">{t('products.noPictures')}</p> : null}
      <ol className="adm-pictures" ref={listRef}>
        {items.map((item, i) => (
          <li
            key={item.key}
            draggable={!readOnly && !busy}
            data-testid="picture"
            className={dragged === i ? 'adm-dragging' : undefined}
            onDragStart={(e) => {
              setDragged(i);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(e) => dragged !== null && e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged !== null && dragged !== i) void onMove(dragged, i);
              setDragged(null);
            }}
          >
            <img src={item.url} alt={item.alt} width={120} height={120} />
            <span className="adm-muted">{i === 0 ? t('products.mainPicture') : t('products.pictureN', { n: i + 1 })}</span>
            {readOnly ? null : (
              <span className="adm-row">
                <Button variant="secondary" data-move="up" disabled={busy || i === 0} onClick={() => move(i, i - 1, 'up')} aria-label={t('products.moveUp', { n: i + 1 })}>
                  ↑
                </Button>
                <Button variant="secondary" data-move="down" disabled={busy || i === items.length - 1} onClick={() => move(i, i + 1, 'down')} aria-label={t('products.moveDown', { n: i + 1 })}>
                  ↓
                </Button>
                <Button variant="ghost" data-remove="" disabled={busy} onClick={() => remove(i)} aria-label={t('products.removePicture', { n: i + 1 })}>
                  {t('actions.remove')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="adm-visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {readOnly ? null : (
        <div className="bz-field">
          <label htmlFor={inputId}>{t('products.addPictures', { max: MAX_PICTURES })}</label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={PICTURE_TYPES}
            disabled={busy || items.length >= MAX_PICTURES}
            data-testid="picture-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-e` : undefined}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (input.current) input.current.value = '';
              if (files.length) onAdd(files);
            }}
          />
          {error ? (
            <span id={`${inputId}-e`} className="bz-field__error" role="alert">
              {error}
            </span>
          ) : null}
          {busy ? <span role="status">{t('products.uploading')}</span> : null}
        </div>
      )}
    </section>
  );
}
