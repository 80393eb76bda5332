// Making a customer a legal entity: company name and 9-digit INN, checked here before the API checks
// them again (its field messages are shown on the fields).
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import type { Customer } from '../../api/types';
import { legalSchema, type LegalValues } from '../../forms/schemas';
import { TextField } from '../common/Fields';
import { FormFooter } from '../common/FormFooter';
import { placeError } from '../common/States';

export function LegalForm({ customer, onSaved, onCancel }: { customer: Customer; onSaved: (c: Customer) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState('');
  const form = useForm<LegalValues>({
    resolver: zodResolver(useMemo(() => legalSchema((k, o) => t(k, { lng: i18n.language, ...o })), [t, i18n.language])),
    defaultValues: { company_name: customer.company_name ?? '', inn: customer.inn ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (values) => {
    setError('');
    try {
      const answer = await api.updateCustomer(customer.id, { user_type: 'legal', company_name: values.company_name.trim(), inn: values.inn.trim() });
      onSaved(answer.customer);
    } catch (err) {
      setError(placeError(err, ['company_name', 'inn'] as const, form.setError, t));
    }
  });

  return (
    <form className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="legal-form">
      <TextField label={t('customers.companyName')} autoComplete="organization" {...form.register('company_name')} error={errors.company_name?.message} />
      <TextField label={t('customers.inn')} inputMode="numeric" maxLength={9} {...form.register('inn')} error={errors.inn?.message} />
      <FormFooter error={error} submitLabel={t('customers.saveLegal')} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
