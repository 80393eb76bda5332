// "Notify me when in stock", from the account: the variants the shopper waits for, each named as the product
// page names it (the product, and the option for a product with several), with the way to stop waiting.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, Button, getApi, useAsync, type Answer, type ApiCalls } from '@bozor/shared';
import { profileApi, type StockAlert } from '@bozor/shared/api/profile';
import { ListSection, useSectionFocus } from '../ListSection';

/** One alert as the list shows it: the product's name and page, and the variant's options. */
export interface AlertRow {
  alert: StockAlert;
  /** null when the product is no longer in the catalogue for this shopper (hidden, archived). */
  name: string | null;
  options: string;
}

type Card = Answer<'/api/products/cards', 'get'>['data'][number];
type Detail = Answer<'/backend/api/ext/v1/resources/product/{slug}', 'get'>['product'];

/**
 * The alerts with their names: one call for the product cards of them all, in the page's language, and the
 * product page's data only for products with several variants (whose option the alert is about); a product
 * whose page cannot be read is named without its option.
 */
export async function loadAlertRows(api: ApiCalls): Promise<AlertRow[]> {
  const alerts = await profileApi(api).stockAlerts();
  if (alerts.length === 0) return [];
  const ids = [...new Set(alerts.map((a) => a.product_id))];
  const cards = (await api.get('/api/products/cards', { query: { ids: ids.join(',') } })).data;
  const byId = new Map<number, Card>(cards.map((c) => [c.id, c]));
  const several = cards.filter((c) => c.variants_count > 1);
  const details = new Map<number, Detail>();
  await Promise.all(
    several.map((c) =>
      api
        .get('/backend/api/ext/v1/resources/product/{slug}', { path: { slug: c.slug } })
        .then((answer) => void details.set(c.id, answer.product))
        .catch(() => undefined),
    ),
  );
  return alerts.map((alert) => {
    const card = byId.get(alert.product_id);
    const variant = details.get(alert.product_id)?.variants.find((v) => v.id === alert.variant_id);
    const options = variant ? variant.options.map((o) => o.label || o.value).filter(Boolean).join(', ') : '';
    return { alert, name: card?.name ?? null, options };
  });
}

export function StockAlerts({ basePath }: { basePath: string }) {
  const { t, i18n } = useTranslation();
  // asked again when the language changes: product names and options come translated
  const { data, loading, error, reload } = useAsync(`alerts|${i18n.language}`, async () => loadAlertRows(getApi()));
  const [cancelled, setCancelled] = useState<number[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const sending = useRef(false);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<{ variant: number; message: string } | null>(null);
  const focus = useSectionFocus();
  const rows = data?.filter((r) => !cancelled.includes(r.alert.variant_id)) ?? null;
  const label = (row: AlertRow) => {
    const name = row.name ?? t('alerts.gone');
    return row.options ? `${name} (${row.options})` : name;
  };

  async function cancel(row: AlertRow, index: number) {
    if (sending.current) return;
    sending.current = true;
    setBusy(row.alert.variant_id);
    setFailure(null);
    try {
      await profileApi(getApi()).cancelStockAlert(row.alert.variant_id);
    } catch (err) {
      setFailure({ variant: row.alert.variant_id, message: err instanceof ApiError && err.status !== 0 && err.message ? err.message : t('signIn.failed') });
      focus.focusNext(`alert-cancel-${index}`);
      return;
    } finally {
      sending.current = false;
      setBusy(null);
    }
    const left = (rows ?? []).filter((r) => r.alert.variant_id !== row.alert.variant_id);
    setCancelled((c) => [...c, row.alert.variant_id]);
    setNotice(t('alerts.cancelled', { name: label(row) }));
    focus.focusNext(left.length > 0 ? `alert-cancel-${Math.min(index, left.length - 1)}` : 'heading');
  }

  return (
    <ListSection
      focus={focus}
      title={t('alerts.title')}
      hint={t('alerts.hint')}
      testId="stock-alerts"
      loading={loading && !data}
      failed={Boolean(error)}
      reload={reload}
      notice={notice}
      noticeTestId="alerts-status"
    >
      {rows?.length === 0 ? <p data-testid="alerts-none">{t('alerts.none')}</p> : null}
      {rows && rows.length > 0 ? (
        <ul className="acc-list">
          {rows.map((row, index) => (
            <li key={row.alert.variant_id} className="acc-row acc-between" data-testid="stock-alert">
              <span className="acc-item">
                {row.name ? (
                  // the product page on the variant waited for (`?variant=`, as the cart's links)
                  <Link to={`${basePath}/products/${encodeURIComponent(row.alert.product_slug)}?variant=${row.alert.variant_id}`}>{row.name}</Link>
                ) : (
                  <span>{t('alerts.gone')}</span>
                )}
                {row.options ? <span className="acc-muted" data-testid="stock-alert-options">{row.options}</span> : null}
              </span>
              <Button
                variant="ghost"
                aria-label={t('alerts.cancelLabel', { name: label(row) })}
                aria-disabled={busy !== null || undefined}
                onClick={() => void cancel(row, index)}
                data-testid={`alert-cancel-${index}`}
              >
                {t('alerts.cancel')}
              </Button>
              {failure?.variant === row.alert.variant_id ? (
                <span role="alert" className="bz-field__error acc-block">
                  {failure.message}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </ListSection>
  );
}
