// The shop's stores (pickup points): name, address, landmark, hours in three languages, phone and the
// map pin. The shop's store list and the checkout's pickup choice show the change at once.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button, Dialog, formatPhone, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminStore, Localized } from '../../api/types';
import { TextField } from '../../components/common/Fields';
import { FormFooter } from '../../components/common/FormFooter';
import { DataTable } from '../../components/common/DataTable';
import { LocalizedFields, emptyLocalized, inLang, useSave, type FieldErrors } from '../../components/content/ContentFields';
import { mapLink } from '../../format';
import { useQuery } from '../../hooks/useQuery';

/** A coordinate typed with a dot or a comma; NaN otherwise. */
export function parseCoordinate(text: string): number {
  const value = text.trim().replace(',', '.');
  return /^-?\d{1,3}(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

function StoreForm({ store, onSaved, onCancel }: { store: AdminStore; onSaved: (s: AdminStore) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState<Localized>(store.name);
  const [address, setAddress] = useState<Localized>(store.address);
  const [landmark, setLandmark] = useState<Localized>(store.landmark ?? emptyLocalized());
  const [hours, setHours] = useState<Localized>(store.hours);
  const [phone, setPhone] = useState(formatPhone(store.phone));
  const [lat, setLat] = useState(String(store.lat));
  const [lng, setLng] = useState(String(store.lng));
  const { errors, message, saving, check, run, formRef } = useSave((f) => /^((name|address|landmark|hours)(\.(uz|ru|en))?|phone|lat|lng)$/.test(f));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const latN = parseCoordinate(lat);
    const lngN = parseCoordinate(lng);
    const local: FieldErrors = {};
    if (Number.isNaN(latN)) local.lat = 'stores.coordinateInvalid';
    if (Number.isNaN(lngN)) local.lng = 'stores.coordinateInvalid';
    if (!check(local)) return;
    await run(async () => {
      const landmarkEmpty = !landmark.uz && !landmark.ru && !landmark.en;
      const answer = await api.updateStore(store.id, { name, address, landmark: landmarkEmpty ? null : landmark, hours, phone, lat: latN, lng: lngN });
      onSaved(answer.store);
    });
  };

  const latN = parseCoordinate(lat);
  const lngN = parseCoordinate(lng);
  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="store-form">
      <LocalizedFields label={t('stores.name')} name="name" value={name} onChange={setName} errors={errors} />
      <LocalizedFields label={t('stores.address')} name="address" value={address} onChange={setAddress} errors={errors} />
      <LocalizedFields label={t('stores.landmark')} name="landmark" value={landmark} onChange={setLandmark} errors={errors} optional />
      <LocalizedFields label={t('stores.hours')} name="hours" value={hours} onChange={setHours} errors={errors} testId="store-hours" />
      <TextField label={t('stores.phone')} inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.phone} placeholder="+998 71 200 11 22" />
      <div className="adm-filters">
        <TextField label={t('stores.lat')} inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} error={errors.lat} data-testid="store-lat" />
        <TextField label={t('stores.lng')} inputMode="decimal" value={lng} onChange={(e) => setLng(e.target.value)} error={errors.lng} data-testid="store-lng" />
      </div>
      <small className="adm-muted">
        {t('stores.pinHint')}{' '}
        {!Number.isNaN(latN) && !Number.isNaN(lngN) ? (
          <a href={mapLink(latN, lngN)} target="_blank" rel="noreferrer">
            {t('stores.checkOnMap')}
          </a>
        ) : null}
      </small>
      <FormFooter error={message} submitLabel={t('actions.save')} submitting={saving} onCancel={onCancel} />
    </form>
  );
}

export default function StoresPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const list = useQuery(() => api.adminStores(), []);
  const [editing, setEditing] = useState<AdminStore | null>(null);
  const stores = list.data?.data ?? [];
  return (
    <>
      <h1>{t('stores.title')}</h1>
      <DataTable
        testId="stores-table"
        rows={stores}
        rowKey={(s) => s.id}
        states={{ list, empty: t('stores.empty') }}
        columns={[
          { header: t('stores.name'), cell: (s) => inLang(s.name, lang) },
          {
            header: t('stores.address'),
            cell: (s) => (
              <>
                {inLang(s.address, lang)}
                {s.landmark ? (
                  <>
                    <br />
                    <small className="adm-muted">{inLang(s.landmark, lang)}</small>
                  </>
                ) : null}
                <br />
                <a href={mapLink(s.lat, s.lng)} target="_blank" rel="noreferrer">
                  {s.lat}, {s.lng}
                </a>
              </>
            ),
          },
          { header: t('stores.hours'), cell: (s) => inLang(s.hours, lang) },
          { header: t('stores.phone'), cell: (s) => <span className="adm-nowrap">{formatPhone(s.phone)}</span> },
        ]}
        actions={{
          header: t('content.actions'),
          cell: (s) => (
            <Button variant="secondary" onClick={() => setEditing(s)} aria-label={t('content.editOf', { name: inLang(s.name, lang) })}>
              {t('content.edit')}
            </Button>
          ),
        }}
      />
      <Dialog open={editing !== null} title={editing ? t('content.editOf', { name: inLang(editing.name, lang) }) : ''} onClose={() => setEditing(null)} closeLabel={t('common:close')}>
        {editing ? (
          <StoreForm
            store={editing}
            onCancel={() => setEditing(null)}
            onSaved={(s) => {
              setEditing(null);
              if (list.data) list.setData({ data: list.data.data.map((x) => (x.id === s.id ? s : x)) });
              showToast(t('content.saved'), 'success');
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
