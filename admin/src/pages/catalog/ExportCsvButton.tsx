// "Export CSV": the whole catalogue as the import's file, for every role the API lets export it (owner,
// manager and operator; GET /api/admin/catalog/export) — on the products list, where an operator, who
// cannot open the import page, reaches it too.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import { api } from '../../api';
import { errorText } from '../../components/common/States';

/** Saves `blob` as a file named `name` (the browser's download). */
export function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportCsvButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ err: unknown } | null>(null);
  const exportCsv = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { blob, fileName } = await api.exportCatalog();
      download(blob, fileName);
    } catch (err) {
      setFailure({ err });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* aria-disabled while preparing: the button keeps the keyboard focus (a disabled one drops it) */}
      <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void exportCsv()} data-testid="products-export">
        {busy ? t('import.exporting') : t('import.export')}
      </Button>
      {failure ? (
        <span className="adm-error-text" role="alert" data-testid="products-export-error">
          {errorText(failure.err, t)}
        </span>
      ) : null}
    </>
  );
}
