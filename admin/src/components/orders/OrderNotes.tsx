// Internal notes: what staff wrote about the order (never shown to the shopper), and a field to add one.
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button } from '@bozor/shared';
import { api } from '../../api';
import type { OrderNote } from '../../api/types';
import { noteSchema, type NoteValues } from '../../forms/schemas';
import { formatDateTime } from '../../format';
import { TextAreaField } from '../common/Fields';
import { errorText } from '../common/States';

export function OrderNotes({ number, notes, onAdded }: { number: string; notes: OrderNote[]; onAdded: (note: OrderNote) => void }) {
  const { t, i18n } = useTranslation();
  const lang = useStore($language);
  const [error, setError] = useState('');
  const form = useForm<NoteValues>({ resolver: zodResolver(useMemo(() => noteSchema((k) => t(k, { lng: i18n.language })), [t, i18n.language])), defaultValues: { text: '' } });

  const add = form.handleSubmit(async ({ text }) => {
    setError('');
    try {
      const { note } = await api.addOrderNote(number, text.trim());
      onAdded(note);
      form.reset({ text: '' });
    } catch (err) {
      setError(errorText(err, t));
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
      <form className="adm-form" noValidate onSubmit={(e) => void add(e)}>
        <TextAreaField label={t('order.addNote')} {...form.register('text')} error={form.formState.errors.text?.message} />
        {error ? (
          <p className="adm-error" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('order.saveNote')}
          </Button>
        </div>
      </form>
    </section>
  );
}
