// The marking codes of one marked order line: a field per unit, made for a hand scanner (it types the code
// and Enter: Enter moves to the next unit's field, and on the last one saves the line), and for a paste of
// several lines (they fill this field and the next ones). What the API refuses is shown next to the field it
// names (`labels.<i>`) or under the line (`labels`); a 409 (the goods left, the receipt went) reloads the
// order. Once the codes can no longer change they are listed read-only. The header counts the codes that
// stand (none the API refused), and "Save codes" is aria-disabled, not disabled, when there is nothing to
// save: a disabled button drops the keyboard focus to the page's top.
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, showToast, useAfterNextRender } from '@bozor/shared';
import { api } from '../../api';
import type { OrderDetail, OrderItem } from '../../api/types';
import { TextField } from '../common/Fields';
import { errorText } from '../common/States';
import { useHoldRefresh } from '../../hooks/useRefreshHold';
import { normaliseCode, splitPasted } from './markingCodes';

export interface MarkingCodesProps {
  order: OrderDetail;
  item: OrderItem;
  onChanged: (order: OrderDetail) => void;
  onStale: () => void;
}

/** The line's saved codes as one field per unit. */
const fieldsOf = (item: OrderItem) => Array.from({ length: item.quantity }, (_, i) => item.labels[i] ?? '');

/** Marks every code field, so focus can move on to the next line's first empty one after a save. */
const CODE_FIELD = 'data-marking-code';

/** Focuses the first empty code field after `from` in the page (the next marked line), or the page's first; false when there is none. */
export function focusNextEmpty(from: Element | null): boolean {
  const fields = [...document.querySelectorAll<HTMLInputElement>(`input[${CODE_FIELD}]`)];
  const next = fields.find((f) => f.value === '' && (!from || from.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING));
  next?.focus();
  return !!next;
}

export function MarkingCodes({ order, item, onChanged, onStale }: MarkingCodesProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => fieldsOf(item));
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const box = useRef<HTMLFieldSetElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const readOnlyTitle = useRef<HTMLElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const place = useRef<Element | null>(null);
  // After a save: the scanner goes on with the next marked line; with none left the focus stays on this
  // line's Save (or, once the codes are read-only, on the line's title), not on the page's top.
  const focusAfterSave = useAfterNextRender(() => {
    if (!focusNextEmpty(place.current)) (saveButton.current ?? readOnlyTitle.current)?.focus();
  });
  // a refusal tied to no field: its message takes the focus
  const focusError = useAfterNextRender(() => errorRef.current?.focus());
  // the codes turned read-only under the staff member (a 409: the goods left meanwhile) while the focus was
  // in the fields that are now gone: it goes to the message saying why (else the line's title)
  const editable = order.labels_editable;
  const wasEditable = useRef(editable);
  useEffect(() => {
    const lost = wasEditable.current && !editable && (!document.activeElement || document.activeElement === document.body);
    wasEditable.current = editable;
    if (lost) (errorRef.current ?? readOnlyTitle.current)?.focus();
  }, [editable]);
  const saved = fieldsOf(item);
  const savedKey = saved.join('\n');

  // What the API answered (after a save or a reload) replaces what was typed. (A code has no line break.)
  useEffect(() => {
    setValues(savedKey.split('\n'));
    setFieldErrors({});
  }, [savedKey]);

  const done = item.labels.length === item.quantity;
  const dirty = values.some((v, i) => v !== saved[i]);
  // the page does not load the order again under codes typed and not saved, or on their way
  useHoldRefresh(busy || (order.labels_editable && dirty));
  const title = `${t('marking.title')} — ${item.name}`;

  if (!order.labels_editable) {
    return (
      <div className="adm-marking" data-testid={`marking-${item.id}`}>
        <strong ref={readOnlyTitle} tabIndex={-1}>
          {title}
        </strong>
        {done ? (
          <ol className="adm-codes-list">
            {item.labels.map((code, i) => (
              <li key={i}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        ) : (
          <p>{t('marking.notScanned')}</p>
        )}
        <p className="adm-muted">{order.fiscal_receipt && order.fiscal_receipt !== 'waiting_for_labels' ? t('marking.onReceipt') : t('marking.closed')}</p>
        {error ? (
          <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid={`marking-error-${item.id}`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  function setAt(index: number, value: string) {
    setValues((v) => v.map((old, i) => (i === index ? value : old)));
    setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([i]) => Number(i) !== index)));
    // the set's message was about the codes as they were: an edit makes it stale
    setError('');
    setNotice('');
  }

  async function save() {
    if (busy || (!dirty && done)) return;
    const labels = values.map(normaliseCode);
    setValues(labels);
    const empty = Object.fromEntries(labels.flatMap((l, i) => (l === '' ? [[i, t('marking.empty')]] : [])));
    if (Object.keys(empty).length > 0) {
      setError('');
      setFieldErrors(empty);
      inputs.current[Number(Object.keys(empty)[0])]?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setFieldErrors({});
    try {
      const answer = await api.setLabels(order.number, item.id, labels);
      const sent = answer.order.fiscal_receipt === 'sent' && order.fiscal_receipt !== 'sent';
      onChanged(answer.order);
      showToast(sent ? t('marking.savedAndSent') : t('marking.saved'), 'success');
      place.current = box.current;
      focusAfterSave();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const perField: Record<number, string> = {};
        for (const [field, message] of Object.entries(err.fields)) {
          const m = /^labels\.(\d+)$/.exec(field);
          if (m) perField[Number(m[1])] = message;
        }
        setFieldErrors(perField);
        // the set's message, unless the fields already say the same under each code
        const setMessage = err.fields.labels && !Object.values(perField).includes(err.fields.labels) ? err.fields.labels : '';
        setError(setMessage || (Object.keys(perField).length ? '' : errorText(err, t)));
        const first = Object.keys(perField).map(Number).sort((a, b) => a - b)[0];
        if (first !== undefined) inputs.current[first]?.focus();
        else focusError();
      } else {
        setError(errorText(err, t));
        focusError();
        if (err instanceof ApiError && err.status === 409) onStale();
      }
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(index: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    setAt(index, normaliseCode(e.currentTarget.value));
    if (index + 1 < item.quantity) inputs.current[index + 1]?.focus();
    else void save();
  }

  function onPaste(index: number, e: ClipboardEvent<HTMLInputElement>) {
    const codes = splitPasted(e.clipboardData.getData('text'));
    if (codes.length < 2) return; // one code: the browser pastes it as usual
    e.preventDefault();
    const room = item.quantity - index;
    setValues((v) => v.map((old, i) => (i >= index && i - index < codes.length ? codes[i - index]! : old)));
    setFieldErrors({});
    setNotice(codes.length > room ? t('marking.tooMany', { count: codes.length - room }) : '');
    const last = Math.min(index + codes.length, item.quantity) - 1;
    inputs.current[Math.min(last + 1, item.quantity - 1)]?.focus();
  }

  // What counts as scanned: a code the API refused does not; after a refusal of the whole set (no field
  // named), only the codes already saved do — the header never says "all scanned" next to an error.
  const filled = values.filter((v, i) => v.trim() !== '' && !fieldErrors[i] && (!error || v === saved[i])).length;
  return (
    <fieldset className="adm-marking" ref={box} data-testid={`marking-${item.id}`}>
      <legend>{title}</legend>
      <p className="adm-muted adm-marking-state">
        {done && !dirty ? <span data-testid={`marking-saved-${item.id}`}>{t('marking.savedState')}</span> : t('marking.progress', { done: filled, count: item.quantity })}
      </p>
      <div className="adm-codes">
        {values.map((value, i) => (
          <TextField
            key={i}
            ref={(el: HTMLInputElement | null) => {
              inputs.current[i] = el;
            }}
            label={t('marking.unit', { n: i + 1, count: item.quantity })}
            value={value}
            error={fieldErrors[i]}
            onChange={(e) => setAt(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint={i + 1 < item.quantity ? 'next' : 'done'}
            maxLength={100}
            {...{ [CODE_FIELD]: '' }}
          />
        ))}
      </div>
      {error ? (
        <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid={`marking-error-${item.id}`}>
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="adm-notice" role="status" data-testid={`marking-notice-${item.id}`}>
          {notice}
        </p>
      ) : null}
      <div className="adm-row">
        <Button ref={saveButton} onClick={() => void save()} aria-disabled={busy || (!dirty && done) || undefined}>
          {t('marking.save')}
        </Button>
        <small className="adm-muted">{t('marking.hint')}</small>
      </div>
    </fieldset>
  );
}
