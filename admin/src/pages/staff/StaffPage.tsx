// Staff (owner only): who may sign in to the back office, with which role; add, edit (name, role),
// disable/enable, end all sessions (e.g. a lost phone).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, Dialog, formatPhone, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { Staff } from '../../api/types';
import { $staff, setStaff } from '../../auth/session';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { DataTable } from '../../components/common/DataTable';
import { errorText } from '../../components/common/States';
import { AddStaffForm, StaffEditForm } from '../../components/staff/StaffForms';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

type Confirm = { kind: 'disable' | 'enable' | 'endSessions'; staff: Staff };

export default function StaffPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const me = useStore($staff);
  const list = useQuery(() => api.staff(), []);
  const stores = useQuery(() => api.stores(), []);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Staff | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmError, setConfirmError] = useState('');

  const replace = (s: Staff) => list.data && list.setData({ data: list.data.data.some((x) => x.id === s.id) ? list.data.data.map((x) => (x.id === s.id ? s : x)) : [...list.data.data, s] });

  async function runConfirm() {
    if (!confirm) return;
    setBusy(true);
    setConfirmError('');
    try {
      if (confirm.kind === 'endSessions') {
        await api.endSessions(confirm.staff.id);
        showToast(t('staff.sessionsEnded', { name: confirm.staff.name }), 'success');
      } else {
        const answer = await api.updateStaff(confirm.staff.id, { active: confirm.kind === 'enable' });
        replace(answer.staff);
      }
      setConfirm(null);
    } catch (err) {
      setConfirmError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="adm-spread">
        <h1>{t('staff.title')}</h1>
        <Button onClick={() => setAdding(true)} data-testid="staff-add">
          {t('staff.add')}
        </Button>
      </div>
      <DataTable
        testId="staff-table"
        rows={list.data?.data ?? []}
        rowKey={(s) => s.id}
        states={{ list, empty: t('staff.empty') }}
        columns={[
          { header: t('staff.name'), cell: (s) => s.name },
          { header: t('staff.phone'), cell: (s) => formatPhone(s.phone) },
          {
            header: t('staff.role'),
            cell: (s) => (
              <>
                {t(`roles.${s.role}`)}
                {s.store_name ? <span className="adm-muted"> · {s.store_name}</span> : null}
              </>
            ),
          },
          { header: t('staff.state'), cell: (s) => (s.active ? t('staff.active') : <span className="adm-status adm-status--cancelled">{t('staff.disabled')}</span>) },
          { header: t('staff.lastSeen'), cell: (s) => (s.last_seen_at ? formatDateTime(s.last_seen_at, lang) : '—') },
        ]}
        actions={{
          header: t('staff.actions'),
          cell: (s) => (
            // an owner does not lock themselves out from here
            <span className="adm-actions">
              {/* one's own name can be corrected too; not one's own role */}
              <Button variant="secondary" onClick={() => setEditing(s)} aria-label={t('staff.editOf', { name: s.name })}>
                {t('staff.edit')}
              </Button>
              {s.id === me?.id ? null : (
                <Button variant="secondary" onClick={() => setConfirm({ kind: s.active ? 'disable' : 'enable', staff: s })}>
                  {s.active ? t('staff.disable') : t('staff.enable')}
                </Button>
              )}
              <Button variant="ghost" onClick={() => setConfirm({ kind: 'endSessions', staff: s })}>
                {t('staff.endSessions')}
              </Button>
            </span>
          ),
        }}
      />

      <Dialog open={adding} title={t('staff.addTitle')} onClose={() => setAdding(false)} closeLabel={t('common:close')}>
        <AddStaffForm
          stores={stores.data?.data ?? []}
          onCancel={() => setAdding(false)}
          onSaved={(s) => {
            setAdding(false);
            replace(s);
            showToast(t('staff.added', { name: s.name }), 'success');
          }}
        />
      </Dialog>
      <Dialog open={editing !== null} title={editing ? t('staff.editOf', { name: editing.name }) : ''} onClose={() => setEditing(null)} closeLabel={t('common:close')}>
        {editing ? (
          <StaffEditForm
            staff={editing}
            self={editing.id === me?.id}
            stores={stores.data?.data ?? []}
            onCancel={() => setEditing(null)}
            onSaved={(s) => {
              setEditing(null);
              replace(s);
              // one's own name, corrected: the menu's "signed in as" says it at once
              if (s.id === me?.id) setStaff(s);
              showToast(t('staff.saved', { name: s.name }), 'success');
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`staff.confirm.${confirm.kind}.title`, { name: confirm.staff.name }) : ''}
        confirmLabel={confirm ? t(`staff.confirm.${confirm.kind}.action`) : ''}
        danger={confirm?.kind !== 'enable'}
        busy={busy}
        error={confirmError}
        onClose={() => {
          setConfirm(null);
          setConfirmError('');
        }}
        onConfirm={() => void runConfirm()}
      >
        <p>{confirm ? t(`staff.confirm.${confirm.kind}.text`, { name: confirm.staff.name }) : null}</p>
      </ConfirmDialog>
    </>
  );
}
