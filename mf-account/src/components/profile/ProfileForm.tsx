import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $auth, ApiError, Button, Input, formatPhone, getApi, loadUser, showToast, type User } from '@bozor/shared';
import { profileApi, type ProfileInput } from '@bozor/shared/api/profile';
import { type ProfileFields, dropProfileDraft, keepProfileDraft, profileDraft } from './draft';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = Partial<Record<keyof ProfileInput, string>>;
const PROFILE_FIELDS: (keyof ProfileInput)[] = ['name', 'surname', 'email', 'birth_date', 'gender'];

/** Characters as the API counts them (code points: an emoji is one, not two UTF-16 units), after the trim it does too. */
const characters = (value: string) => [...value.trim()].length;
const NAME_MAX = 60;

/** The server's field messages for the fields this form shows. */
function fieldErrorsOf(fields: Record<string, string>): Errors {
  return Object.fromEntries(PROFILE_FIELDS.filter((k) => fields[k]).map((k) => [k, fields[k]]));
}

/** My profile: name, surname, email, birth date, gender; the account type is shown, changed only by support (docs/product.md "The shop"). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const u = user as User & { birth_date?: string | null; gender?: string | null };
  const saved: ProfileFields = { name: u.name ?? '', surname: u.surname ?? '', email: u.email ?? '', birth_date: u.birth_date ?? '', gender: u.gender ?? '' };
  const owner = String(u.id ?? u.phone);
  // what was typed and not saved before the session ended comes back once the same account signs in again
  const [form, setForm] = useState<ProfileFields>(() => profileDraft(owner) ?? saved);
  // Left while still signed in (another page, another account): the edits go as they always did. Gone with the
  // session, they are kept for the sign-in that follows.
  useEffect(
    () => () => {
      if ($auth.get().isAuthenticated) dropProfileDraft();
    },
    [],
  );
  const accountType = u.user_type ?? 'individual';
  // Only support changes the account type (PUT /api/profile refuses it): choosing another one is refused
  // where it is made — the choice stays on the account's type and the explanation turns into an alert —
  // so a Save never reports "saved" over a type that did not change.
  const [typeRefused, setTypeRefused] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const formMessage = useRef<HTMLParagraphElement>(null);
  // After a refused Save, once the messages are on screen: the first wrong field, or the message of an error tied to none.
  const focusNext = useRef<'field' | 'message' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'message') formMessage.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  const set = (key: keyof ProfileFields) => (value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    keepProfileDraft(owner, next, saved);
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function validate(): Errors {
    const e: Errors = {};
    // the API keeps no blank name (spaces are trimmed away, null refused): said as plainly as an empty one
    if (!form.name.trim()) e.name = t('profile.nameRequired');
    else if (characters(form.name) > NAME_MAX) e.name = t('profile.tooLong');
    if (characters(form.surname) > NAME_MAX) e.surname = t('profile.tooLong');
    if (form.email && !EMAIL.test(form.email)) e.email = t('profile.emailInvalid');
    return e;
  }

  async function submit() {
    const e = validate();
    setErrors(e);
    setFormError('');
    setTypeRefused(false);
    if (Object.values(e).some(Boolean)) {
      focusNext.current = 'field';
      return;
    }
    setBusy(true);
    try {
      await profileApi(getApi()).save({
        // never blank here: validate() asked for a name first
        name: form.name.trim(),
        surname: form.surname.trim() || null,
        email: form.email.trim() || null,
        birth_date: form.birth_date || null,
        gender: form.gender === 'male' || form.gender === 'female' ? form.gender : null,
      });
      dropProfileDraft();
      await loadUser();
      showToast(t('profile.saved'), 'success');
    } catch (err) {
      if (err instanceof ApiError) {
        // The server's per-field messages (in the shopper's language) go next to their inputs.
        const fieldErrors = fieldErrorsOf(err.fields);
        setErrors(fieldErrors);
        const onField = Object.values(fieldErrors).some(Boolean);
        if (!onField) setFormError(err.message || t('signIn.failed'));
        focusNext.current = onField ? 'field' : 'message';
      } else {
        setFormError(t('signIn.failed'));
        focusNext.current = 'message';
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="acc-form" noValidate onSubmit={(ev) => { ev.preventDefault(); void submit(); }} data-testid="profile-form">
      <p>
        {t('profile.phone')}: <strong data-testid="account-phone">{formatPhone(user.phone ?? '')}</strong>
      </p>
      <Input label={t('profile.name')} value={form.name} onChange={set('name')} autoComplete="given-name" error={errors.name} testId="profile-name" />
      <Input label={t('profile.surname')} value={form.surname} onChange={set('surname')} autoComplete="family-name" error={errors.surname} testId="profile-surname" />
      <Input label={t('profile.email')} type="email" inputMode="email" value={form.email} onChange={set('email')} autoComplete="email" error={errors.email} testId="profile-email" />
      <Input label={t('profile.birthDate')} type="date" value={form.birth_date} onChange={set('birth_date')} autoComplete="bday" error={errors.birth_date} testId="profile-birth-date" />
      <div className="bz-field">
        <label htmlFor="profile-gender">{t('profile.gender')}</label>
        <select id="profile-gender" className="bz-input" value={form.gender} onChange={(e) => set('gender')(e.target.value)} data-testid="profile-gender">
          <option value="">{t('profile.genders.unset')}</option>
          <option value="male">{t('profile.genders.male')}</option>
          <option value="female">{t('profile.genders.female')}</option>
        </select>
      </div>
      <div className="bz-field">
        <label htmlFor="profile-type">{t('profile.accountType')}</label>
        <select id="profile-type" className="bz-input" value={accountType} onChange={(e) => setTypeRefused(e.target.value !== accountType)} aria-describedby="profile-type-help" data-testid="profile-account-type">
          <option value="individual">{t('signIn.types.individual')}</option>
          <option value="legal">{t('signIn.types.legal')}</option>
        </select>
        <span id="profile-type-help" role={typeRefused ? 'alert' : undefined} className={typeRefused ? 'bz-field__error' : 'acc-muted'} data-testid="profile-type-help">
          {t('profile.accountTypeHelp')}
        </span>
      </div>
      {formError ? <p ref={formMessage} role="alert" tabIndex={-1} className="bz-field__error" data-testid="profile-error">{formError}</p> : null}
      {/* aria-disabled, not disabled: the pressed button keeps the focus while the profile is saved */}
      <Button type="submit" aria-disabled={busy || undefined} data-testid="profile-save">{t('profile.save')}</Button>
    </form>
  );
}
