// Delivery settings: the courier fee the cart announces, the free-delivery threshold, the express and
// pickup notes; and the regions — names, cities, tariff (base fee for a base weight, per further kg),
// days, express — in their order. The checkout prices with these at once.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, Dialog, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminDelivery, AdminRegion } from '../../api/types';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { DataTable } from '../../components/common/DataTable';
import { MoveButtons } from '../../components/common/MoveButtons';
import { ErrorBlock, Loading, errorText } from '../../components/common/States';
import { inLang } from '../../components/content/ContentFields';
import { RegionForm, SettingsForm } from '../../components/content/DeliveryForms';
import { formatMoney } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function DeliveryPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const query = useQuery(async () => (await api.delivery()).delivery, []);
  const [editing, setEditing] = useState<AdminRegion | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminRegion | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [version, setVersion] = useState(0);
  const [settingsSaved, setSettingsSaved] = useState(false);
  const delivery = query.data;
  useEffect(() => setError(''), [delivery]);
  // a refusal (a region orders went to) is read where the focus is
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  if (!delivery && query.loading) return <Loading />;
  if (!delivery) return <ErrorBlock error={query.error} onRetry={query.reload} />;

  const saved = (d: AdminDelivery, bySettings = false) => {
    query.setData(d);
    setVersion((n) => n + 1);
    setSettingsSaved(bySettings);
  };
  async function move(index: number, by: -1 | 1) {
    if (!delivery) return;
    const slugs = delivery.regions.map((r) => r.slug);
    const [slug] = slugs.splice(index, 1);
    slugs.splice(index + by, 0, slug!);
    try {
      saved((await api.orderRegions(slugs)).delivery);
    } catch (err) {
      setError(errorText(err, t));
    }
  }

  /** A region added by mistake goes; the API keeps one that orders went to, and the default one, and says why. */
  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      const answer = await api.deleteRegion(removing.slug);
      setRemoving(null);
      saved(answer.delivery);
      showToast(t('deliveryPage.regionDeleted'), 'success');
      addRef.current?.focus();
    } catch (err) {
      setRemoving(null);
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>{t('deliveryPage.title')}</h1>
      <p className="adm-muted">{t('deliveryPage.intro')}</p>
      <SettingsForm key={`s${version}`} delivery={delivery} onSaved={(d) => saved(d, true)} focusSave={settingsSaved} />
      <div className="adm-card">
        <div className="adm-spread">
          <h2>{t('deliveryPage.regions')}</h2>
          <Button ref={addRef} variant="secondary" onClick={() => setEditing('new')}>
            {t('deliveryPage.addRegion')}
          </Button>
        </div>
        {error ? (
          <p ref={errorRef} className="adm-error" role="alert" tabIndex={-1} data-testid="regions-error">
            {error}
          </p>
        ) : null}
        <DataTable
          testId="regions-table"
          rows={delivery.regions}
          rowKey={(r) => r.slug}
          rowAttrs={(r) => ({ testId: `region-${r.slug}` })}
          columns={[
            {
              header: t('deliveryPage.regionName'),
              cell: (r) => (
                <>
                  {inLang(r.name, lang)}
                  {r.express_available ? <span className="adm-status"> {t('deliveryPage.expressShort')}</span> : null}
                  {r.active ? null : (
                    <>
                      {' '}
                      <span className="adm-status adm-status--cancelled" data-testid="region-off">
                        {t('deliveryPage.inactiveShort')}
                      </span>
                    </>
                  )}
                </>
              ),
            },
            {
              header: t('deliveryPage.baseFee'),
              className: 'num',
              cell: (r) => (
                <>
                  {formatMoney(r.base_fee, lang)} / {r.base_weight_g / 1000} kg
                </>
              ),
            },
            { header: t('deliveryPage.perKg'), className: 'num', cell: (r) => formatMoney(r.per_kg_fee, lang) },
            { header: t('deliveryPage.days'), cell: (r) => r.days },
            { header: t('deliveryPage.cities'), cell: (r) => r.cities.length },
          ]}
          actions={{
            header: t('content.actions'),
            cell: (r, i) => (
              <span className="adm-actions">
                <Button variant="secondary" onClick={() => setEditing(r)} aria-label={t('deliveryPage.editRegion', { name: inLang(r.name, lang) })}>
                  {t('content.edit')}
                </Button>
                <MoveButtons variant="ghost" name={inLang(r.name, lang)} index={i} count={delivery.regions.length} onMove={(by) => void move(i, by)} />
                <Button variant="ghost" onClick={() => setRemoving(r)} aria-label={t('deliveryPage.deleteRegion', { name: inLang(r.name, lang) })}>
                  {t('content.delete')}
                </Button>
              </span>
            ),
          }}
        />
      </div>
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('deliveryPage.addRegion') : editing ? t('deliveryPage.editRegion', { name: inLang(editing.name, lang) }) : ''}
        onClose={() => setEditing(null)}
        closeLabel={t('common:close')}
      >
        {editing !== null ? (
          <RegionForm
            region={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(d) => {
              setEditing(null);
              saved(d);
              showToast(t('content.saved'), 'success');
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('deliveryPage.confirmDelete', { name: inLang(removing.name, lang) }) : ''}
        confirmLabel={t('content.delete')}
        danger
        busy={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        <p>{t('deliveryPage.deleteNote')}</p>
      </ConfirmDialog>
    </>
  );
}
