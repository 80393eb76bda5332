// Adding a staff member, and editing one: the name, the role (a pickup store's staff belong to a store).
import { useMemo, useRef, useState, type ComponentProps } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError, type Body, Input, MASKS, normalizePhone } from '@bozor/shared';
import { api } from '../../api';
import { ROLES, type Staff, type StoreOption } from '../../api/types';
import { staffEditSchema, staffSchema, type StaffEditValues, type StaffValues } from '../../forms/schemas';
import { SelectField, TextField } from '../common/Fields';
import { FormFooter } from '../common/FormFooter';
import { errorText, placeError } from '../common/States';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';
import { useErrorsInLanguage } from '../../hooks/useErrorsInLanguage';

function StoreSelect({ stores, error, ...rest }: { stores: StoreOption[]; error?: string } & ComponentProps<'select'>) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('staff.store')} error={error} {...rest}>
      <option value="">{t('staff.chooseStore')}</option>
      {stores.map((s) => (
        <option key={s.id} value={String(s.id)}>
          {s.name}
        </option>
      ))}
    </SelectField>
  );
}

export function AddStaffForm({ stores, onSaved, onCancel }: { stores: StoreOption[]; onSaved: (s: Staff) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState('');
  const form = useForm<StaffValues>({
    resolver: zodResolver(useMemo(() => staffSchema((k, o) => t(k, { lng: i18n.language, ...o })), [t, i18n.language])),
    defaultValues: { phone: '', name: '', role: 'operator', store_id: '' },
    shouldFocusError: false,
  });
  // its own messages follow the language switch
  useErrorsInLanguage(form, i18n.language);
  const formRef = useRef<HTMLFormElement>(null);
  // a refusal: the first wrong field in the page's order, else the form's message
  const focusProblem = useFocusFirstProblem(formRef);
  const role = useWatch({ control: form.control, name: 'role' });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (v) => {
    setError('');
    try {
      const answer = await api.addStaff({
        phone: `+${normalizePhone(v.phone)}`,
        name: v.name.trim(),
        role: v.role,
        ...(v.role === 'store' ? { store_id: Number(v.store_id) } : {}),
      });
      onSaved(answer.staff);
    } catch (err) {
      // a phone that already has an account (409, no field named): said on the phone field
      if (err instanceof ApiError && err.code === 'STAFF_EXISTS') form.setError('phone', { message: err.message || errorText(err, t) });
      else setError(placeError(err, ['phone', 'name', 'role', 'store_id'] as const, form.setError, t));
      focusProblem();
    }
  }, focusProblem);

  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="staff-form">
      <Controller
        control={form.control}
        name="phone"
        render={({ field, fieldState }) => (
          <Input label={t('staff.phone')} value={field.value} onChange={field.onChange} mask={MASKS.phone} placeholder="+998 __ ___ __ __" inputMode="tel" error={fieldState.error?.message} testId="staff-phone" />
        )}
      />
      <TextField label={t('staff.name')} {...form.register('name')} error={errors.name?.message} />
      <SelectField label={t('staff.role')} {...form.register('role')} error={errors.role?.message}>
        <RoleOptions />
      </SelectField>
      {role === 'store' ? <StoreSelect stores={stores} {...form.register('store_id')} error={errors.store_id?.message} /> : null}
      <FormFooter error={error} submitLabel={t('staff.add')} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/**
 * A staff member's details: the name (a misspelling corrected) and, for anyone but oneself, the role and
 * its store. Only what changed is sent; Save with nothing changed closes the dialog and writes nothing.
 */
export function StaffEditForm({ staff, self = false, stores, onSaved, onCancel }: { staff: Staff; self?: boolean; stores: StoreOption[]; onSaved: (s: Staff) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState('');
  const form = useForm<StaffEditValues>({
    resolver: zodResolver(useMemo(() => staffEditSchema((k, o) => t(k, { lng: i18n.language, ...o })), [t, i18n.language])),
    defaultValues: { name: staff.name, role: staff.role, store_id: staff.store_id ? String(staff.store_id) : '' },
    shouldFocusError: false,
  });
  // its own messages follow the language switch
  useErrorsInLanguage(form, i18n.language);
  const formRef = useRef<HTMLFormElement>(null);
  // a refusal (a store role without its store, the API's 409 for the last owner): seen where the focus goes
  const focusProblem = useFocusFirstProblem(formRef);
  const role = useWatch({ control: form.control, name: 'role' });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (v) => {
    setError('');
    const name = v.name.trim();
    const storeId = v.role === 'store' ? Number(v.store_id) : null;
    const patch: Body<'/api/admin/staff/{id}', 'patch'> = {
      ...(name !== staff.name ? { name } : {}),
      ...(!self && (v.role !== staff.role || storeId !== staff.store_id) ? { role: v.role, store_id: storeId } : {}),
    };
    if (Object.keys(patch).length === 0) return onCancel();
    try {
      const answer = await api.updateStaff(staff.id, patch);
      onSaved(answer.staff);
    } catch (err) {
      setError(placeError(err, ['name', 'role', 'store_id'] as const, form.setError, t));
      focusProblem();
    }
  }, focusProblem);

  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="staff-edit-form">
      <TextField label={t('staff.name')} autoComplete="off" {...form.register('name')} error={errors.name?.message} />
      {self ? null : (
        <>
          <SelectField label={t('staff.role')} {...form.register('role')}>
            <RoleOptions />
          </SelectField>
          {role === 'store' ? <StoreSelect stores={stores} {...form.register('store_id')} error={errors.store_id?.message} /> : null}
          {/* a new role or store signs the account out everywhere (the API ends its sessions) */}
          <small className="adm-muted">{t('staff.roleChangeNote')}</small>
        </>
      )}
      <FormFooter error={error} submitLabel={t('actions.save')} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/** The role choices, in the staff member's language. */
function RoleOptions() {
  const { t } = useTranslation();
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {t(`roles.${r}`)}
    </option>
  ));
}
