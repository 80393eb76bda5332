// Fields the content screens share: a text in the three shop languages, a picture upload, and the
// API's 422 shown next to the field it names (`name.ru`, `lat`, `body.en`…).
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, LANGS } from '@bozor/shared';
import { PICTURE_TYPES } from '../../api/outgoing';
import type { Localized } from '../../api/types';
import { TextAreaField, TextField } from '../common/Fields';
import { errorText } from '../common/States';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstInvalid';

// the content pages' empty text in three languages is the product form's own
export { emptyLocalized } from '../../forms/product';

export type FieldErrors = Record<string, string>;


/**
 * Splits a failed save into field messages (a 422's `fields`, shown by each field) and the text to show
 * above the buttons: nothing when every message found its field, else the API's own message.
 */
export function splitError(err: unknown, t: TFunction, known: (field: string) => boolean): { fields: FieldErrors; message: string } {
  if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length > 0) {
    const fields = err.fields as FieldErrors;
    const unplaced = Object.keys(fields).filter((f) => !known(f));
    return { fields, message: unplaced.length > 0 ? `${errorText(err, t)} ${unplaced.map((f) => `${f}: ${fields[f]}`).join('; ')}` : '' };
  }
  return { fields: {}, message: errorText(err, t) };
}

/**
 * A content form's save: the errors shown by its fields, the message above its buttons, and whether it is
 * saving. `check` shows the form's own checks by their fields — each given as its message's key — and says
 * whether they all passed; `run` clears the last errors, makes the API call, and shows a refusal by the
 * fields `known` names (`splitError`), the rest above the buttons; `fail` shows a refusal of another call
 * the same way. After either refusal the focus goes to the first wrong field of `formRef` (its language tab
 * opened) or to the message (`focusFirstProblem`).
 *
 * Both are kept as they came (keys, the failed call) and turned into words as shown: after the language
 * switch the form's own messages, and ours for a failed call (no connection…), are in the new language.
 * The API's own words stay as it gave them.
 */
export function useSave(known: (field: string) => boolean) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ err: unknown } | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusProblem = useFocusFirstProblem(formRef);
  const split = failure ? splitError(failure.err, t, known) : null;
  const errors: FieldErrors = split ? split.fields : Object.fromEntries(Object.entries(local).map(([field, key]) => [field, t(key)]));
  const message = split ? split.message : '';
  function check(keys: FieldErrors): boolean {
    setFailure(null);
    setLocal(keys);
    const ok = Object.keys(keys).length === 0;
    if (!ok) focusProblem();
    return ok;
  }
  function fail(err: unknown): void {
    setLocal({});
    setFailure({ err });
    focusProblem();
  }
  async function run(action: () => Promise<void>): Promise<void> {
    setSaving(true);
    setFailure(null);
    setLocal({});
    try {
      await action();
    } catch (err) {
      fail(err);
    } finally {
      setSaving(false);
    }
  }
  return { errors, message, fail, saving, check, run, formRef };
}

/** A text in uz, ru and en: three labelled fields, each with its own error. */
export function LocalizedFields({
  label,
  value,
  onChange,
  errors,
  name,
  multiline = false,
  optional = false,
  testId,
}: {
  label: string;
  value: Localized;
  onChange: (v: Localized) => void;
  errors: FieldErrors;
  /** The field's name in the API (`title` → errors `title.uz`…). */
  name: string;
  multiline?: boolean;
  optional?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="adm-fieldset">
      <legend>
        {label}
        {optional ? <span className="adm-muted"> · {t('content.optional')}</span> : null}
      </legend>
      {errors[name] ? (
        <span className="bz-field__error" role="alert">
          {errors[name]}
        </span>
      ) : null}
      <div className="adm-langs">
        {LANGS.map((lang) => {
          const props = {
            label: t(`common:languageName.${lang}`),
            value: value[lang],
            error: errors[`${name}.${lang}`],
            lang,
            'data-testid': testId ? `${testId}-${lang}` : undefined,
          };
          return multiline ? (
            <TextAreaField key={lang} {...props} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
          ) : (
            <TextField key={lang} {...props} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
          );
        })}
      </div>
    </fieldset>
  );
}

/** A picture: the current one, and a file input that uploads at once (JPEG, PNG or WebP; the API re-encodes). */
export function PictureField({ label, url, onUpload, disabledText, testId }: { label: string; url: string | null; onUpload: (file: File) => Promise<void>; disabledText?: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  return (
    <div className="bz-field adm-picture">
      <label htmlFor={id}>{label}</label>
      {url ? <img src={url} alt="" className="adm-picture__img" /> : <span className="adm-muted">{t('content.noPicture')}</span>}
      {disabledText ? (
        <small className="adm-muted">{disabledText}</small>
      ) : (
        <input
          id={id}
          type="file"
          accept={PICTURE_TYPES}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          data-testid={testId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setBusy(true);
            setError('');
            onUpload(file)
              .catch((err: unknown) => {
                const split = splitError(err, t, (f) => f === 'picture');
                setError(split.fields.picture ? `${split.fields.picture} ${errorText(err, t)}` : split.message);
              })
              .finally(() => setBusy(false));
          }}
        />
      )}
      {busy ? <span role="status">{t('content.uploading')}</span> : null}
      {error ? (
        <span id={`${id}-e`} className="bz-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The language tabs' order for showing a localized text in a list: the staff member's language first. */
export function inLang(value: Partial<Record<keyof Localized, string | null>> | null | undefined, lang: string): string {
  if (!value) return '';
  return (value as Record<string, string | null | undefined>)[lang] || value.uz || value.ru || value.en || '';
}
