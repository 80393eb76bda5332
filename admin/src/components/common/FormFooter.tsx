import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';

/**
 * The end of a form: the error the API gave (if any), the submit button and "Back". While sending, the
 * button is aria-disabled, not disabled: a disabled button loses the keyboard focus (to the top of the
 * page), and after a refusal the staff member goes on from here. A click or Enter meanwhile sends nothing
 * (the shared Button ignores presses while aria-disabled). `changed`: says that something typed is not saved
 * yet (as the product form does), e.g. after Unpublish, which keeps typed text without saving it.
 */
export function FormFooter({ error, submitLabel, submitting, onCancel, changed = false }: { error: string; submitLabel: string; submitting: boolean; onCancel: () => void; changed?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        // focusable: a refusal tied to no field puts the focus here (focusFirstProblem)
        <p className="adm-error" role="alert" tabIndex={-1} data-form-error>
          {error}
        </p>
      ) : null}
      <div className="adm-actions">
        <Button type="submit" aria-disabled={submitting || undefined}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.back')}
        </Button>
        {changed ? (
          <span className="adm-muted" data-testid="unsaved-note">
            {t('products.unsavedNote')}
          </span>
        ) : null}
      </div>
    </>
  );
}
