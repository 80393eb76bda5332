// The delivery screen's two forms: the shop's delivery settings, and one region (DeliveryPage lists the
// regions and opens this form for one).
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, type Body, Button, LANGS, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminDelivery, AdminRegion, Localized } from '../../api/types';
import { TextField } from '../common/Fields';
import { FormFooter } from '../common/FormFooter';
import { LocalizedFields, emptyLocalized, useSave, type FieldErrors } from './ContentFields';
import { formatMoney, wholeDigits } from '../../format';

/** Whole soʻm from what was typed ("1 000 000" → 1000000); NaN when it is not a number. */
export function parseAmount(text: string): number {
  const digits = wholeDigits(text, ",'");
  return digits !== null && digits.length <= 10 ? Number(digits) : Number.NaN;
}

/** The fee the cart announces, the free-delivery threshold, the express and pickup notes. */
export function SettingsForm({ delivery, onSaved, focusSave = false }: { delivery: AdminDelivery; onSaved: (d: AdminDelivery) => void; focusSave?: boolean }) {
  const { t } = useTranslation();
  const lang = useStore($language);
  const [sum, setSum] = useState(String(delivery.delivery_sum));
  const [threshold, setThreshold] = useState(String(delivery.free_delivery_threshold));
  const [express, setExpress] = useState<Localized>(delivery.express_note);
  const [pickup, setPickup] = useState<Localized>(delivery.pickup_note);
  // the form is drawn anew with the saved values: its Save button takes the focus back (not the page's top)
  const saveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSave) saveRef.current?.focus();
    // once, when the form after a save appears
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { errors, message, saving, check, run, formRef } = useSave((f) => /^(delivery_sum|free_delivery_threshold|(express_note|pickup_note)(\.(uz|ru|en))?)$/.test(f));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    const deliverySum = parseAmount(sum);
    const free = parseAmount(threshold);
    if (Number.isNaN(deliverySum)) local.delivery_sum = 'deliveryPage.amountInvalid';
    if (Number.isNaN(free)) local.free_delivery_threshold = 'deliveryPage.amountInvalid';
    if (!check(local)) return;
    await run(async () => {
      const answer = await api.updateDelivery({ delivery_sum: deliverySum, free_delivery_threshold: free, express_note: express, pickup_note: pickup });
      showToast(t('content.saved'), 'success');
      onSaved(answer.delivery);
    });
  };

  return (
    <form ref={formRef} className="adm-form adm-card" noValidate onSubmit={(e) => void save(e)} data-testid="delivery-form">
      <h2>{t('deliveryPage.settings')}</h2>
      <div className="adm-filters">
        <TextField label={t('deliveryPage.sum')} inputMode="numeric" value={sum} onChange={(e) => setSum(e.target.value)} error={errors.delivery_sum} data-testid="delivery-sum" />
        <TextField label={t('deliveryPage.threshold')} inputMode="numeric" value={threshold} onChange={(e) => setThreshold(e.target.value)} error={errors.free_delivery_threshold} data-testid="delivery-threshold" />
      </div>
      <small className="adm-muted">{t('deliveryPage.thresholdHint', { sum: Number.isNaN(parseAmount(threshold)) ? '—' : formatMoney(parseAmount(threshold), lang) })}</small>
      <LocalizedFields label={t('deliveryPage.expressNote')} name="express_note" value={express} onChange={setExpress} errors={errors} multiline />
      <LocalizedFields label={t('deliveryPage.pickupNote')} name="pickup_note" value={pickup} onChange={setPickup} errors={errors} multiline />
      <div className="adm-actions">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's top (FormFooter) */}
        <Button ref={saveRef} type="submit" aria-disabled={saving || undefined} data-testid="delivery-save">
          {t('actions.save')}
        </Button>
      </div>
      {message ? (
        <p className="adm-error" role="alert" tabIndex={-1} data-form-error>
          {message}
        </p>
      ) : null}
    </form>
  );
}

interface CityValues {
  slug: string;
  name: Localized;
}

/** One region: its names, cities, tariff, days, express, whether the shop delivers there now. */
export function RegionForm({ region, onSaved, onCancel }: { region: AdminRegion | null; onSaved: (d: AdminDelivery) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [slug, setSlug] = useState(region?.slug ?? '');
  const [name, setName] = useState<Localized>(region?.name ?? emptyLocalized());
  const [cities, setCities] = useState<CityValues[]>(region?.cities ?? [{ slug: '', name: emptyLocalized() }]);
  const [baseFee, setBaseFee] = useState(String(region?.base_fee ?? ''));
  const [baseWeight, setBaseWeight] = useState(String(region?.base_weight_g ?? 5000));
  const [perKg, setPerKg] = useState(String(region?.per_kg_fee ?? ''));
  const [days, setDays] = useState(region?.days ?? '');
  const [express, setExpress] = useState(region?.express_available ?? false);
  const [active, setActive] = useState(region?.active ?? true);
  const { errors, message, saving, check, run, formRef } = useSave((f) => /^(slug|name(\.\w+)?|cities(\.\d+(\.(slug|name(\.\w+)?))?)?|base_fee|base_weight_g|per_kg_fee|days|express_available|active)$/.test(f));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    // everything the API's region schema requires (content/admin.schema.ts `regionCreate`), checked here at
    // once: checking the fees alone let an empty form be refused twice, the fees first, then the API's nine
    // empty fields above them
    const required = 'validation.required';
    if (!region && !slug.trim()) local.slug = required;
    for (const l of LANGS) if (!name[l].trim()) local[`name.${l}`] = required;
    const typed = { base_fee: baseFee, base_weight_g: baseWeight, per_kg_fee: perKg };
    for (const [k, text] of Object.entries(typed)) {
      if (!text.trim()) local[k] = required;
      else if (Number.isNaN(parseAmount(text))) local[k] = 'deliveryPage.amountInvalid';
    }
    if (!days.trim()) local.days = required;
    cities.forEach((c, i) => {
      if (!c.slug.trim()) local[`cities.${i}.slug`] = required;
      for (const l of LANGS) if (!c.name[l].trim()) local[`cities.${i}.name.${l}`] = required;
    });
    if (!check(local)) return;
    const amounts = { base_fee: parseAmount(baseFee), base_weight_g: parseAmount(baseWeight), per_kg_fee: parseAmount(perKg) };
    const body: Body<'/api/admin/delivery/regions/{slug}', 'patch'> & Omit<Body<'/api/admin/delivery/regions', 'post'>, 'slug'> = { name, cities, ...amounts, days: days.trim(), express_available: express, active };
    await run(async () => {
      const answer = region ? await api.updateRegion(region.slug, body) : await api.addRegion({ slug, ...body });
      onSaved(answer.delivery);
    });
  };

  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="region-form">
      {region ? null : <TextField label={t('content.slug')} value={slug} onChange={(e) => setSlug(e.target.value.trim().toLowerCase())} error={errors.slug} />}
      <LocalizedFields label={t('deliveryPage.regionName')} name="name" value={name} onChange={setName} errors={errors} />
      <div className="adm-filters">
        <TextField label={t('deliveryPage.baseFee')} inputMode="numeric" value={baseFee} onChange={(e) => setBaseFee(e.target.value)} error={errors.base_fee} data-testid="region-base-fee" />
        <TextField label={t('deliveryPage.baseWeight')} inputMode="numeric" value={baseWeight} onChange={(e) => setBaseWeight(e.target.value)} error={errors.base_weight_g} />
        <TextField label={t('deliveryPage.perKg')} inputMode="numeric" value={perKg} onChange={(e) => setPerKg(e.target.value)} error={errors.per_kg_fee} />
        <TextField label={t('deliveryPage.days')} value={days} onChange={(e) => setDays(e.target.value)} error={errors.days} placeholder="2–3" />
      </div>
      <label className="adm-check">
        <input type="checkbox" checked={express} onChange={(e) => setExpress(e.target.checked)} /> {t('deliveryPage.express')}
      </label>
      <label className="adm-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} aria-describedby="region-active-hint" data-testid="region-active" /> {t('deliveryPage.active')}
      </label>
      <p id="region-active-hint" className="adm-muted">
        {t('deliveryPage.activeHint')}
      </p>
      <fieldset className="adm-fieldset">
        <legend>{t('deliveryPage.cities')}</legend>
        {errors.cities ? (
          <span className="bz-field__error" role="alert">
            {errors.cities}
          </span>
        ) : null}
        {cities.map((c, i) => (
          <div key={i} className="adm-city">
            <TextField
              label={t('content.slug')}
              value={c.slug}
              error={errors[`cities.${i}.slug`]}
              onChange={(e) => setCities(cities.map((x, j) => (j === i ? { ...x, slug: e.target.value.trim().toLowerCase() } : x)))}
            />
            <LocalizedFields label={t('deliveryPage.cityName', { n: i + 1 })} name={`cities.${i}.name`} value={c.name} errors={errors} onChange={(n) => setCities(cities.map((x, j) => (j === i ? { ...x, name: n } : x)))} />
            <Button variant="ghost" disabled={cities.length <= 1} onClick={() => setCities(cities.filter((_, j) => j !== i))}>
              {t('deliveryPage.removeCity')}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => setCities([...cities, { slug: '', name: emptyLocalized() }])}>
          {t('deliveryPage.addCity')}
        </Button>
      </fieldset>
      <FormFooter error={message} submitLabel={t('actions.save')} submitting={saving} onCancel={onCancel} />
    </form>
  );
}
