// Staff (owner only): who may sign in to the back office, with which role; add, change role,
// disable/enable, end all sessions (e.g. a lost phone).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, Dialog, formatPhone, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { Staff } from '../../api/types';
import { $staff } from '../../auth/session';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { ListStates, errorText } from '../../components/common/States';
import { AddStaffForm, RoleForm } from '../../components/staff/StaffForms';
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
      <ListStates list={list} empty={t('staff.empty')} />
      {list.data && list.data.data.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table adm-table--cards" data-testid="staff-table">
            <thead>
              <tr>
                <th>{t('staff.name')}</th>
                <th>{t('staff.phone')}</th>
                <th>{t('staff.role')}</th>
                <th>{t('staff.state')}</th>
                <th>{t('staff.lastSeen')}</th>
                <th>
                  <span className="adm-visually-hidden">{t('staff.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((s) => {
                const self = s.id === me?.id;
                return (
                  <tr key={s.id}>
                    <td data-label={t('staff.name')}>{s.name}</td>
                    <td data-label={t('staff.phone')}>{formatPhone(s.phone)}</td>
                    <td data-label={t('staff.role')}>
                      {t(`roles.${s.role}`)}
                      {s.store_name ? <span className="adm-muted"> · {s.store_name}</span> : null}
                    </td>
                    <td data-label={t('staff.state')}>{s.active ? t('staff.active') : <span className="adm-status adm-status--cancelled">{t('staff.disabled')}</span>}</td>
                    <td data-label={t('staff.lastSeen')}>{s.last_seen_at ? formatDateTime(s.last_seen_at, lang) : '—'}</td>
                    <td data-label={t('staff.actions')}>
                      {/* an owner does not lock themselves out from here */}
                      <span className="adm-actions">
                        {self ? null : (
                          <>
                            <Button variant="secondary" onClick={() => setEditing(s)} aria-label={t('staff.changeRoleOf', { name: s.name })}>
                              {t('staff.changeRole')}
                            </Button>
                            <Button variant="secondary" onClick={() => setConfirm({ kind: s.active ? 'disable' : 'enable', staff: s })}>
                              {s.active ? t('staff.disable') : t('staff.enable')}
                            </Button>
                          </>
                        )}
                        <Button variant="ghost" onClick={() => setConfirm({ kind: 'endSessions', staff: s })}>
                          {t('staff.endSessions')}
                        </Button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

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
      <Dialog open={editing !== null} title={editing ? t('staff.changeRoleOf', { name: editing.name }) : ''} onClose={() => setEditing(null)} closeLabel={t('common:close')}>
        {editing ? (
          <RoleForm
            staff={editing}
            stores={stores.data?.data ?? []}
            onCancel={() => setEditing(null)}
            onSaved={(s) => {
              setEditing(null);
              replace(s);
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
