import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';

/** The end of a form: the error the API gave (if any), the submit button and "Back". */
export function FormFooter({ error, submitLabel, submitting, onCancel }: { error: string; submitLabel: string; submitting: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="adm-actions">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.back')}
        </Button>
      </div>
    </>
  );
}
