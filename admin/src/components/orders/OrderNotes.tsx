// Internal notes: what staff wrote about the order (never shown to the shopper), and a field to add one.
// While a note is on its way its button is aria-disabled, not disabled (a disabled button drops the
// keyboard focus to the page's top); the added note is announced, a refusal takes the focus.
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, showToast, useAfterNextRender } from '@bozor/shared';
import { api } from '../../api';
import type { OrderNote } from '../../api/types';
import { noteSchema, type NoteValues } from '../../forms/schemas';
import { formatDateTime } from '../../format';
import { TextAreaField } from '../common/Fields';
import { errorText } from '../common/States';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';
import { useHoldRefresh } from '../../hooks/useRefreshHold';

export function OrderNotes({ number, notes, onAdded }: { number: string; notes: OrderNote[]; onAdded: (note: OrderNote) => void }) {
  const { t, i18n } = useTranslation();
  const lang = useStore($language);
  const [error, setError] = useState('');
  const form = useForm<NoteValues>({ resolver: zodResolver(useMemo(() => noteSchema((k) => t(k, { lng: i18n.language })), [t, i18n.language])), defaultValues: { text: '' } });
  // its own messages follow the language switch
  useErrorsInLanguage(form, i18n.language);

  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const focusError = useAfterNextRender(() => errorRef.current?.focus());
  // the page does not load the order again under a note typed and not saved, or on its way
  const typed = useWatch({ control: form.control, name: 'text' });
  useHoldRefresh(sending || typed !== '');

  const add = form.handleSubmit(async ({ text }) => {
    setError('');
    sendingNow.current = true;
    setSending(true);
    try {
      const { note } = await api.addOrderNote(number, text.trim());
      onAdded(note);
      form.reset({ text: '' });
      showToast(t('order.noteAdded'), 'success');
    } catch (err) {
      setError(errorText(err, t));
      focusError();
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  });

  return (
    <section className="adm-card adm-no-print" aria-labelledby="order-notes">
      <h2 id="order-notes">{t('order.notes')}</h2>
      {notes.length === 0 ? <p className="adm-muted">{t('order.noNotes')}</p> : null}
      <ul className="adm-timeline" data-testid="order-notes">
        {notes.map((n) => (
          <li key={n.id}>
            <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{n.text}</p>
            <small className="adm-muted">
              {n.staff?.name ?? t('order.system')} · {formatDateTime(n.at, lang)}
            </small>
          </li>
        ))}
      </ul>
      <form className="adm-form" noValidate onSubmit={(e) => (sendingNow.current ? e.preventDefault() : void add(e))}>
        <TextAreaField label={t('order.addNote')} {...form.register('text')} error={form.formState.errors.text?.message} />
        {error ? (
          <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1}>
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" aria-disabled={sending || undefined} onClick={(e) => sendingNow.current && e.preventDefault()}>
            {t('order.saveNote')}
          </Button>
        </div>
      </form>
    </section>
  );
}
