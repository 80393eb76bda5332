// The details of one audit entry: what it is about (the identifying fields that did not change, the
// command-line tool behind it) above its changes, one line per change: the field in words, the value
// before (struck out) and after, each marked "Before:" / "After:" for screen readers.
import { Fragment } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import type { AuditEntry } from '../../api/types';
import { readEntry, type AuditNames } from './diff';

export function AuditDiff({ entry, names }: { entry: AuditEntry; names: AuditNames }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const { context, lines, command } = readEntry(entry, { t, lang, names });
  const about = [...context, ...(command ? [t('audit.viaCommand', { command })] : [])];
  return (
    <div data-testid="audit-diff">
      {about.length > 0 ? (
        <p className="adm-muted" data-testid="audit-context" style={{ margin: '8px 0 0', overflowWrap: 'anywhere' }}>
          {about.join(' · ')}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <p className="adm-muted">{t('audit.noChanges')}</p>
      ) : (
        <dl className="adm-diff">
          {lines.map((line) => (
            <Fragment key={line.key}>
              <dt style={{ overflowWrap: 'anywhere' }}>{line.label}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                <span className="adm-visually-hidden">{t('audit.before')}: </span>
                {line.before === null ? <span className="adm-muted">—</span> : <del>{line.before}</del>}
              </dd>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                <span className="adm-visually-hidden">{t('audit.after')}: </span>
                {line.after === null ? <span className="adm-muted">—</span> : <ins>{line.after}</ins>}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
    </div>
  );
}
