// CSV import and export (docs/back-office.md "CSV import and export"): export the whole catalogue; upload
// a file → the dry run shows every change and every bad row (with its row number and reason), nothing
// written → "Apply" writes it all in one transaction (or nothing) → the result, in the audit log too.
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, showToast, useAfterNextRender } from '@bozor/shared';
import { api } from '../../api';
import type { ImportCounts, ImportReport } from '../../api/catalog';
import { Counts, ImportChanges, ImportErrors } from '../../components/catalog/ImportTables';
import { errorText } from '../../components/common/States';
import { useQuery } from '../../hooks/useQuery';
import { download } from './ExportCsvButton';

export default function ImportPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<{ file_name: string; counts: ImportCounts } | null>(null);
  const [busy, setBusy] = useState<'' | 'check' | 'apply' | 'export'>('');
  const [error, setError] = useState('');
  const lookups = useQuery(() => api.catalogLookups(), []);
  const stores = lookups.data?.stores ?? [];
  // The buttons are aria-disabled while busy (a disabled one drops the keyboard focus to the page's top),
  // and what an action shows takes the focus: the dry run's title, the result's title, the refusal — or the
  // "Check" button when the report (and the button pressed in it) is gone.
  const reportTitle = useRef<HTMLHeadingElement>(null);
  const resultTitle = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  const focusTarget = useRef<'report' | 'result' | 'error' | 'check' | null>(null);
  const moveFocus = useAfterNextRender(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target) ({ report: reportTitle, result: resultTitle, error: errorRef, check: checkButton })[target].current?.focus();
  });
  const focusOn = (target: 'report' | 'result' | 'error' | 'check') => {
    focusTarget.current = target;
    moveFocus();
  };

  const check = async (f: File | null = file) => {
    if (!f) {
      setError(t('import.chooseFile'));
      return;
    }
    setBusy('check');
    setError('');
    setResult(null);
    try {
      setReport(await api.importDryRun(f));
      focusOn('report');
    } catch (err) {
      setReport(null);
      // a file that cannot be read: the API's message says why (an unknown column, not UTF-8…); its field only "invalid"
      if (err instanceof ApiError && err.code === 'IMPORT_FILE_INVALID') setError(err.message);
      else setError(err instanceof ApiError && err.fields.file ? err.fields.file : errorText(err, t));
    } finally {
      setBusy('');
    }
  };

  const apply = async () => {
    if (!file || !report) return;
    setBusy('apply');
    setError('');
    try {
      const answer = await api.importApply(file, report.token);
      setResult(answer);
      setReport(null);
      showToast(t('import.applied'), 'success');
      focusOn('result');
    } catch (err) {
      // data changed since the check, or the file no longer passes: check again and show why
      if (err instanceof ApiError && (err.code === 'IMPORT_STALE' || err.code === 'IMPORT_INVALID')) {
        setBusy('');
        await check(file);
        setError(err.message);
        focusOn('error');
        return;
      }
      setError(errorText(err, t));
      focusOn('error');
    } finally {
      setBusy('');
    }
  };

  const exportCsv = async () => {
    setBusy('export');
    setError('');
    try {
      const { blob, fileName } = await api.exportCatalog();
      download(blob, fileName);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy('');
    }
  };

  const canApply = !!report && report.counts.bad_rows === 0 && report.counts.changes > 0;

  return (
    <>
      <p>
        <Link to="/products">← {t('products.back')}</Link>
      </p>
      <h1>{t('import.title')}</h1>

      <section className="adm-card" aria-labelledby="export-title">
        <h2 id="export-title">{t('import.exportTitle')}</h2>
        <p className="adm-muted">{t('import.exportText')}</p>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={busy !== ''} data-testid="export-csv">
          {busy === 'export' ? t('import.exporting') : t('import.export')}
        </Button>
      </section>

      <section className="adm-card" aria-labelledby="import-title">
        <h2 id="import-title">{t('import.importTitle')}</h2>
        <p className="adm-muted">{t('import.importText')}</p>
        <p className="adm-muted">{t('import.columns')}</p>
        <form
          className="adm-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <div className="bz-field">
            <label htmlFor={inputId}>{t('import.file')}</label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setReport(null);
                setResult(null);
                setError('');
              }}
            />
          </div>
          <div className="adm-actions">
            <Button ref={checkButton} type="submit" disabled={!file} aria-disabled={busy !== '' || undefined} data-testid="import-check">
              {busy === 'check' ? t('import.checking') : t('import.check')}
            </Button>
          </div>
        </form>
        {error ? (
          <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid="import-error">
            {error}
          </p>
        ) : null}
      </section>

      {report ? (
        <section className="adm-card" aria-labelledby="report-title" data-testid="import-report">
          <h2 id="report-title" ref={reportTitle} tabIndex={-1}>{t('import.reportTitle', { file: report.file_name })}</h2>
          <p className="adm-notice">{t('import.dryRunNote')}</p>
          <Counts counts={report.counts} />
          {report.errors.length ? (
            <>
              <h3>{t('import.errorsTitle', { count: report.counts.bad_rows })}</h3>
              <p className="adm-error" role="alert">
                {t('import.fixFirst')}
              </p>
              <ImportErrors errors={report.errors} stores={stores} />
            </>
          ) : null}
          {report.changes.length ? (
            <>
              <h3>{t('import.changesTitle', { count: report.changes.length })}</h3>
              <ImportChanges key={report.token} changes={report.changes} stores={stores} />
            </>
          ) : report.errors.length ? null : (
            <p className="adm-empty">{t('import.nothingChanges')}</p>
          )}
          <div className="adm-actions" style={{ marginTop: 12 }}>
            <Button onClick={() => void apply()} disabled={!canApply} aria-disabled={busy !== '' || undefined} data-testid="import-apply">
              {busy === 'apply' ? t('import.applying') : t('import.apply', { count: report.counts.changes })}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setReport(null);
                focusOn('check');
              }}
              aria-disabled={busy !== '' || undefined}
            >
              {t('import.cancel')}
            </Button>
          </div>
        </section>
      ) : null}

      {result ? (
        <section className="adm-card" aria-labelledby="result-title" data-testid="import-result">
          <h2 id="result-title" ref={resultTitle} tabIndex={-1}>{t('import.resultTitle', { file: result.file_name })}</h2>
          <Counts counts={result.counts} applied />
          <p>
            <Link to="/products">{t('import.toProducts')}</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
