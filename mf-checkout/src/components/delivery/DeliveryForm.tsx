import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, Controller, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { $auth, $checkoutForm, Button, Input, MASKS, formatPhone, updateCheckoutForm } from '@bozor/shared';
import { accountPhone, phoneIsBlank } from '../../state/persist';
import type { DeliverySettingsData, ShopStore } from '@bozor/shared/api/delivery';
import { orderCalls } from '../../api/checkout';
import { LocationPin } from './LocationPin';
import { DELIVERY_TYPES, deliverySchema, expressRegions, type DeliveryValues } from './deliverySchema';
import { byStock, StoreStockOf } from './StoreStock';
import { useCheckoutItems } from '../../hooks/useCheckoutData';
import { useStoreAvailability } from '../../hooks/useStoreAvailability';

/**
 * The form's starting values: what the shared checkoutForm store holds, the receiver prefilled from the user.
 * A kept region the shop no longer delivers to (switched off in the back office) is not kept: the shopper
 * chooses again (`regionClosed`), rather than finding their address moved to another region. A kept express
 * form whose region has no express (as a build whose express choice did not move the address left it) is
 * mended as choosing express does: the address moves to an express region, else the region box would show
 * one region while the form holds another.
 */
function initialValues(settings: DeliverySettingsData): DeliveryValues & { regionClosed: boolean } {
  const f = $checkoutForm.get();
  const user = $auth.get().user;
  const kept = f.region || settings.default_region;
  const region = settings.regions.find((r) => r.slug === kept);
  const express = expressRegions(settings);
  const moved = f.deliveryType === 'express' && region !== undefined && !express.includes(kept) && express.length > 0;
  const city = region?.cities.some((c) => c.slug === f.city) ? f.city : '';
  return {
    regionClosed: !region,
    deliveryType: f.deliveryType,
    region: moved ? express[0]! : region ? kept : '',
    city: moved ? '' : city,
    address: f.address,
    flat: f.flat,
    entrance: f.entrance,
    floor: f.floor,
    intercom: f.intercom,
    address_comment: f.address_comment,
    currentStore: f.currentStore === null ? null : String(f.currentStore),
    name: f.name || (user?.name ?? ''),
    surname: f.surname || (user?.surname ?? ''),
    // a kept phone with no number in it (cleared, or reset by an order) starts again as the account's own
    phone: phoneIsBlank(f.phone) ? accountPhone() : f.phone,
  };
}

interface Props {
  settings: DeliverySettingsData;
  stores: ShopStore[];
  onValid: () => void;
}

/** Delivery step: method (courier, express, pickup), address or store, receiver. Every change is kept in the store. */
export function DeliveryForm({ settings, stores, onValid }: Props) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => deliverySchema((k) => t(k, { lng: i18n.language }), settings), [t, i18n.language, settings]);
  const express = useMemo(() => expressRegions(settings), [settings]);
  const [{ regionClosed, ...initial }] = useState(() => initialValues(settings));
  const { control, handleSubmit, register, setValue, getValues, trigger, formState } = useForm<DeliveryValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onSubmit',
    // the first wrong field in the page's order is focused below (react-hook-form knows only the radios' refs)
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  // A failed Continue: once its messages are on screen, the first wrong field (a group: its first radio) takes the focus.
  const focusInvalid = useRef(false);
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid && !invalid.matches('input, select, textarea') ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
    target?.focus();
  }, [formState.submitCount]);
  const values = useWatch({ control }) as DeliveryValues;

  // Keep the shared store (and so localStorage) in step with what is typed: nothing lost on reload.
  useEffect(() => {
    // a region no longer offered stays kept until another is chosen: a reload says so again
    updateCheckoutForm({ ...values, region: values.region || $checkoutForm.get().region, currentStore: values.currentStore ? Number(values.currentStore) : null });
  }, [values]);

  // A returning shopper whose profile has no name: the receiver of their last order fills the empty fields.
  useEffect(() => {
    if (getValues('name') && getValues('surname') && getValues('phone')) return;
    let live = true;
    orderCalls.list(1, 1).then(
      (page) => {
        const last = page.data[0]?.receiver;
        if (!live || !last) return;
        if (!getValues('name')) setValue('name', last.name);
        if (!getValues('surname')) setValue('surname', last.surname);
        if (phoneIsBlank(getValues('phone'))) setValue('phone', formatPhone(last.phone));
      },
      // Without it the shopper types the receiver, as on a first order.
      () => undefined,
    );
    return () => {
      live = false;
    };
    // once, when the form opens (react-hook-form's getValues/setValue are stable)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Messages follow the language when it changes (only then: not on every submit-state change).
  useEffect(() => {
    if (formState.isSubmitted) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);

  // Per store, how much of what is being bought it has (issue 12): stores with everything first.
  const stock = useStoreAvailability(useCheckoutItems().items, values.deliveryType === 'pickup');

  // One registration for the whole group: react-hook-form keeps the options of a name's last `register` call,
  // so a handler registered per radio ran the last radio's closure (pickup's) whichever was chosen.
  const deliveryTypeField = register('deliveryType', {
    // Express runs only where the settings say (Tashkent in the demo shop): choosing it moves the address there.
    onChange: (e: { target: { value: string } }) => {
      if (e.target.value !== 'express' || express.includes(getValues('region'))) return;
      setValue('region', express[0] ?? settings.default_region, { shouldValidate: formState.isSubmitted });
      setValue('city', '');
    },
  });

  const region = settings.regions.find((r) => r.slug === values.region);
  const regionOptions = settings.regions.filter((r) => values.deliveryType === 'courier' || express.includes(r.slug)).map((r) => ({ value: r.slug, label: r.name }));
  const errors = formState.errors;
  const err = (k: keyof DeliveryValues) => errors[k]?.message;

  return (
    <form
      ref={formRef}
      className="co-form"
      noValidate
      onSubmit={(e) =>
        void handleSubmit(onValid, () => {
          focusInvalid.current = true;
        })(e)
      }
      data-testid="delivery-form"
    >
      <fieldset className="co-options" role="radiogroup" aria-invalid={err('deliveryType') ? true : undefined} aria-describedby={err('deliveryType') ? `${ids}-type-err` : undefined}>
        <legend>{t('delivery.method')}</legend>
        {DELIVERY_TYPES.map((type) => (
          <label key={type} className="co-option">
            <input type="radio" value={type} {...deliveryTypeField} data-testid={`delivery-${type}`} />
            <span>
              <strong>{t(`delivery.types.${type}`)}</strong>
              <small className="co-muted">
                {type === 'express' ? settings.express.note : type === 'pickup' ? settings.pickup.note : t('delivery.courierNote')}
              </small>
            </span>
          </label>
        ))}
        {err('deliveryType') ? <span id={`${ids}-type-err`} role="alert" className="bz-field__error">{err('deliveryType')}</span> : null}
      </fieldset>

      {values.deliveryType === 'courier' || values.deliveryType === 'express' ? (
        <fieldset className="co-fields">
          <legend>{t('delivery.address')}</legend>
          <Select
            label={t('delivery.region')}
            testId="delivery-region"
            error={err('region')}
            note={regionClosed && !values.region ? t('delivery.regionClosed') : undefined}
            placeholder={regionOptions.some((o) => o.value === values.region) ? undefined : t('delivery.chooseRegion')}
            value={values.region}
            onChange={(v) => {
              setValue('region', v, { shouldValidate: formState.isSubmitted });
              setValue('city', '');
            }}
            options={regionOptions}
          />
          {values.deliveryType === 'courier' ? (
            <Select
              label={t('delivery.city')}
              testId="delivery-city"
              error={err('city')}
              value={values.city}
              placeholder={t('delivery.chooseCity')}
              onChange={(v) => setValue('city', v, { shouldValidate: formState.isSubmitted })}
              options={(region?.cities ?? []).map((c) => ({ value: c.slug, label: c.name }))}
            />
          ) : null}
          <TextField control={control} name="address" label={t('delivery.street')} error={err('address')} autoComplete="street-address" />
          <LocationPin />
          <div className="co-grid">
            <TextField control={control} name="flat" label={t('delivery.flat')} error={err('flat')} />
            <TextField control={control} name="entrance" label={t('delivery.entrance')} error={err('entrance')} />
            <TextField control={control} name="floor" label={t('delivery.floor')} error={err('floor')} />
            <TextField control={control} name="intercom" label={t('delivery.intercom')} error={err('intercom')} />
          </div>
          <TextField control={control} name="address_comment" label={t('delivery.comment')} error={err('address_comment')} />
        </fieldset>
      ) : null}

      {values.deliveryType === 'pickup' ? (
        <fieldset
          className="co-options"
          role="radiogroup"
          aria-invalid={err('currentStore') ? true : undefined}
          aria-describedby={err('currentStore') ? `${ids}-store-err` : undefined}
          data-testid="store-group"
        >
          <legend>{t('delivery.store')}</legend>
          {stock.data ? <small className="co-muted">{t('storeStock.sorted')}</small> : null}
          {byStock(stores, stock.data).map((s) => (
            <label key={s.id} className="co-option" data-testid="store-option">
              <input type="radio" value={String(s.id)} {...register('currentStore')} data-testid={`store-${s.id}`} />
              <span>
                <strong>{s.name}</strong>
                <small className="co-muted">{s.address}</small>
                {s.hours ? <small className="co-muted">{s.hours}</small> : null}
                <StoreStockOf storeId={s.id} data={stock.data} />
              </span>
            </label>
          ))}
          {err('currentStore') ? <span id={`${ids}-store-err`} role="alert" className="bz-field__error" data-testid="store-error">{err('currentStore')}</span> : null}
        </fieldset>
      ) : null}

      <fieldset className="co-fields">
        <legend>{t('receiver.title')}</legend>
        <TextField control={control} name="name" label={t('receiver.name')} error={err('name')} autoComplete="given-name" />
        <TextField control={control} name="surname" label={t('receiver.surname')} error={err('surname')} autoComplete="family-name" />
        <TextField control={control} name="phone" label={t('receiver.phone')} error={err('phone')} autoComplete="tel" mask={MASKS.phone} inputMode="tel" />
      </fieldset>

      <Button type="submit" data-testid="to-payment">{t('toPayment')}</Button>
    </form>
  );
}

function TextField(props: { control: Control<DeliveryValues>; name: keyof DeliveryValues; label: string; error?: string; autoComplete?: string; mask?: string; inputMode?: 'tel' }) {
  const { control, name, ...rest } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Input {...rest} value={field.value ?? ''} onChange={field.onChange} testId={`field-${name}`} name={name} />}
    />
  );
}

/**
 * A labelled select. A value none of the options has shows the empty choice (the placeholder), never the
 * first option: the browser would show that one while the form holds another, and choosing it would change nothing.
 */
function Select(props: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; error?: string; note?: string; placeholder?: string; testId: string }) {
  const id = `${props.testId}-select`;
  const known = props.options.some((o) => o.value === props.value);
  const described = [props.note ? `${id}-note` : '', props.error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return (
    <div className="bz-field">
      <label htmlFor={id}>{props.label}</label>
      {props.note ? <p id={`${id}-note`} className="co-muted" role="status" data-testid={`${props.testId}-note`}>{props.note}</p> : null}
      <select id={id} className="bz-input" value={known ? props.value : ''} onChange={(e) => props.onChange(e.target.value)} aria-invalid={props.error ? true : undefined} aria-describedby={described || undefined} data-testid={props.testId}>
        {props.placeholder || !known ? <option value="">{props.placeholder ?? ''}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {props.error ? <span id={`${id}-err`} role="alert" className="bz-field__error">{props.error}</span> : null}
    </div>
  );
}
