// Making a customer a legal entity: company name and 9-digit INN, checked here before the API checks
// them again (its field messages are shown on the fields). Like every change of a customer, it asks for
// confirmation first: the checked details are shown with Confirm / Back before anything is sent.
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button, formatPhone } from '@bozor/shared';
import { api } from '../../api';
import type { Customer } from '../../api/types';
import { legalSchema, type LegalValues } from '../../forms/schemas';
import { fullName } from '../../format';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';
import { TextField } from '../common/Fields';
import { FormFooter } from '../common/FormFooter';
import { placeError } from '../common/States';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';

export function LegalForm({ customer, onSaved, onCancel }: { customer: Customer; onSaved: (c: Customer) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState('');
  /** The checked details waiting for Confirm (the second step). */
  const [confirming, setConfirming] = useState<LegalValues | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusProblem = useFocusFirstProblem(formRef);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const form = useForm<LegalValues>({
    resolver: zodResolver(useMemo(() => legalSchema((k, o) => t(k, { lng: i18n.language, ...o })), [t, i18n.language])),
    defaultValues: { company_name: customer.company_name ?? '', inn: customer.inn ?? '' },
    shouldFocusError: false,
  });
  // its own messages follow the language switch
  useErrorsInLanguage(form, i18n.language);
  const { errors } = form.formState;

  const check = form.handleSubmit(
    (values) => {
      setError('');
      setConfirming({ company_name: values.company_name.trim(), inn: values.inn });
      requestAnimationFrame(() => confirmRef.current?.focus());
    },
    () => focusProblem(),
  );

  async function send() {
    if (!confirming) return;
    setSending(true);
    setError('');
    try {
      const answer = await api.updateCustomer(customer.id, { user_type: 'legal', ...confirming });
      onSaved(answer.customer);
    } catch (err) {
      // back to the fields, with the API's messages on them (or above the buttons)
      setConfirming(null);
      setError(placeError(err, ['company_name', 'inn'] as const, form.setError, t));
      focusProblem();
    } finally {
      setSending(false);
    }
  }

  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(e) => {
        if (!confirming) return void check(e);
        e.preventDefault();
        void send();
      }} data-testid="legal-form">
      <div hidden={confirming !== null}>
        <TextField label={t('customers.companyName')} autoComplete="organization" {...form.register('company_name')} error={errors.company_name?.message} />
        {/* no maxLength: a pasted "301 234 567" keeps its digits, and a tenth digit is an error, not cut off */}
        <TextField label={t('customers.inn')} inputMode="numeric" autoComplete="off" {...form.register('inn')} error={errors.inn?.message} />
      </div>
      {confirming ? (
        <>
          <p role="status" data-testid="legal-confirm">
            <strong>{t('customers.confirm.legal.title')}</strong>{' '}
            {t('customers.confirm.legal.text', { name: fullName(customer) || formatPhone(customer.phone ?? ''), company: confirming.company_name, inn: confirming.inn })}
          </p>
          <div className="adm-actions">
            <Button ref={confirmRef} type="submit" aria-disabled={sending || undefined} data-testid="legal-confirm-button">
              {t('customers.confirm.legal.action')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(null);
                requestAnimationFrame(() => form.setFocus('inn'));
              }}
            >
              {t('actions.back')}
            </Button>
          </div>
        </>
      ) : (
        <FormFooter error={error} submitLabel={t('customers.saveLegal')} submitting={false} onCancel={onCancel} />
      )}
    </form>
  );
}
