import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, getApi, loadUser, showToast } from '@bozor/shared';
import { profileApi } from '@bozor/shared/api/profile';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Upload photo: a preview of the chosen file, checks before sending, and the server's errors shown. */
export function PhotoUpload({ photoUrl }: { photoUrl: string | null | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // a refused upload: the file input, with its message, takes the focus once the message is on screen
  const focusInput = useRef(false);
  useEffect(() => {
    if (!focusInput.current) return;
    focusInput.current = false;
    input.current?.focus();
  });

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(f: File | undefined) {
    setError('');
    setFile(null);
    setPreview('');
    if (!f) return;
    if (!TYPES.includes(f.type)) return setError(t('profile.photoInvalid'));
    if (f.size > MAX_BYTES) return setError(t('profile.photoTooLarge'));
    setFile(f);
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      await profileApi(getApi()).uploadPhoto(file);
      await loadUser();
      setFile(null);
      setPreview('');
      // the field would still show the sent file's name beside a greyed-out button, as if it had not been sent
      if (input.current) input.current.value = '';
      showToast(t('profile.photoSaved'), 'success');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('signIn.failed'));
      focusInput.current = true;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="acc-card" aria-labelledby={`${id}-h`} data-testid="photo-upload">
      <h2 id={`${id}-h`}>{t('profile.photo')}</h2>
      <div className="acc-row">
        {preview ? (
          <img className="acc-avatar" src={preview} alt={t('profile.photoPreview')} data-testid="photo-preview" />
        ) : photoUrl ? (
          <img className="acc-avatar" src={photoUrl} alt={t('profile.photoAlt')} data-testid="photo-current" />
        ) : null}
      </div>
      <div className="bz-field">
        <label htmlFor={id}>{t('profile.photoChoose')}</label>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="photo-input"
        />
        {error ? <span id={`${id}-error`} role="alert" className="bz-field__error" data-testid="photo-error">{error}</span> : null}
      </div>
      {/* aria-disabled, not disabled: after the upload (the file is gone) the pressed button keeps the focus */}
      <Button onClick={() => void upload()} aria-disabled={!file || busy} data-testid="photo-submit">{t('profile.photo')}</Button>
    </section>
  );
}
