// Products: the shop's own search (uz Latin/Cyrillic, ru, en, typos, or a SKU), filters by category,
// brand, visibility, stock and missing translation, 20 per page — all in the address. Each row: the
// picture, name, SKUs, price, stock, visibility and the languages still missing.
import { Link } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, LANGS } from '@bozor/shared';
import { api } from '../../api';
import { STOCK_STATES, VISIBILITIES, type ProductRow } from '../../api/catalog';
import { $staff } from '../../auth/session';
import { canEditCatalog, canExportCatalog } from '../../auth/access';
import { SelectField } from '../../components/common/Fields';
import { cleared, countActive, FilterBar } from '../../components/common/FilterBar';
import { Pager } from '../../components/common/Pager';
import { DataTable } from '../../components/common/DataTable';
import { formatCount, formatMoney } from '../../format';
import { useQuery } from '../../hooks/useQuery';
import { useListPage } from '../../hooks/useListPage';
import { thumbColumn } from './thumbColumn';
import { ExportCsvButton } from '../catalog/ExportCsvButton';

const FILTERS = ['category_id', 'brand_id', 'visibility', 'stock', 'missing_lang', 'archived'] as const;
const KEYS = [...FILTERS, 'q', 'sort', 'page'] as const;
export const PRODUCTS_PER_PAGE = 20;

export default function ProductsPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const staff = useStore($staff);
  const canEdit = !!staff && canEditCatalog(staff.role);
  const canExport = !!staff && canExportCatalog(staff.role);
  const { values, set, list, toPage } = useListPage(KEYS, (v, page) => api.products({ ...v, page, per_page: PRODUCTS_PER_PAGE }));
  const lookups = useQuery(() => api.catalogLookups(), []);

  return (
    <>
      <div className="adm-spread" style={{ marginBottom: 12 }}>
        <h1 style={{ marginBottom: 0 }}>{t('products.title')}</h1>
        <span className="adm-row">
          {/* an operator may export the catalogue (not import it): the button is here, not only on the import page */}
          {canExport ? <ExportCsvButton /> : null}
          {canEdit ? (
            <>
              <Link className="bz-btn bz-btn--secondary" to="/catalog/import">
                {t('products.importExport')}
              </Link>
              <Link className="bz-btn" to="/products/new" data-testid="product-new">
                {t('products.add')}
              </Link>
            </>
          ) : null}
        </span>
      </div>
      <FilterBar
        search={{ label: t('products.search'), value: values.q, onSearch: (q) => set({ q }), hint: t('products.searchHint'), testId: 'products-search' }}
        active={countActive(values, FILTERS)}
        onClear={() => set({ ...cleared(FILTERS), q: '' })}
      >
        <SelectField label={t('products.category')} value={values.category_id} onChange={(e) => set({ category_id: e.target.value })} data-testid="filter-category">
          <option value="">{t('filters.any')}</option>
          {(lookups.data?.categories ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.path}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('products.brand')} value={values.brand_id} onChange={(e) => set({ brand_id: e.target.value })} data-testid="filter-brand">
          <option value="">{t('filters.any')}</option>
          {(lookups.data?.brands ?? []).map((b) => (
            <option key={b.id} value={String(b.id)}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('products.visibility')} value={values.visibility} onChange={(e) => set({ visibility: e.target.value })} data-testid="filter-visibility">
          <option value="">{t('filters.any')}</option>
          {VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {t(`products.visibilities.${v}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('products.stock')} value={values.stock} onChange={(e) => set({ stock: e.target.value })} data-testid="filter-stock">
          <option value="">{t('filters.any')}</option>
          {STOCK_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`stock.states.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('products.missingLang')} value={values.missing_lang} onChange={(e) => set({ missing_lang: e.target.value })} data-testid="filter-missing">
          <option value="">{t('filters.any')}</option>
          <option value="any">{t('products.missingAny')}</option>
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`common:languageName.${l}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('products.archiveFilter')} value={values.archived} onChange={(e) => set({ archived: e.target.value })}>
          <option value="">{t('products.onSale')}</option>
          <option value="true">{t('products.archivedOnly')}</option>
        </SelectField>
        <SelectField label={t('products.sort')} value={values.sort} onChange={(e) => set({ sort: e.target.value })}>
          <option value="">{values.q ? t('products.sorts.relevance') : t('products.sorts.new')}</option>
          {(['name', 'price', 'stock'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`products.sorts.${s}`)}
            </option>
          ))}
        </SelectField>
      </FilterBar>
      <DataTable
        testId="products-table"
        className="adm-products"
        rows={list.data?.data ?? []}
        rowKey={(p) => p.id}
        rowAttrs={(p) => ({ href: `/products/${p.id}`, testId: 'product-row' })}
        busy={list.loading}
        states={{ list, empty: values.q ? t('products.notFound', { q: values.q }) : t('products.empty') }}
        footer={list.data ? <Pager meta={list.data.meta} onPage={toPage} /> : null}
        columns={[
          thumbColumn(t('products.picture'), (p: ProductRow) => p.image_url),
          {
            header: t('products.name'),
            cell: (p) => (
              <span>
                <Link to={`/products/${p.id}`} data-testid="product-link">
                  {p.name}
                </Link>
                <br />
                <span className="adm-muted">
                  {p.brand.name} · {p.category.name}
                </span>
                {p.missing_langs.length ? (
                  <span className="adm-row" style={{ marginTop: 4 }}>
                    {p.missing_langs.map((l) => (
                      <span key={l} className="adm-badge adm-badge--warn" title={t('products.missingIn', { lang: t(`common:languageName.${l}`) })} data-testid={`missing-${l}`}>
                        <span aria-hidden="true">{l.toUpperCase()}</span>
                        <span className="adm-visually-hidden">{t('products.missingIn', { lang: t(`common:languageName.${l}`) })}</span>
                      </span>
                    ))}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            header: t('products.sku'),
            cell: (p) => (
              <span>
                {p.skus.join(', ')}
                {p.variants_count > p.skus.length ? <span className="adm-muted"> {t('products.moreVariants', { count: p.variants_count - p.skus.length })}</span> : null}
              </span>
            ),
          },
          {
            header: t('products.price'),
            className: 'num',
            // "from" as each language puts it: "от 455 000 сум", but "455 000 soʻmdan" (a suffix in Uzbek)
            cell: (p) => (p.variants_count > 1 ? t('products.fromPrice', { price: formatMoney(p.price_individual, lang) }) : formatMoney(p.price_individual, lang)),
          },
          {
            header: t('products.stock'),
            className: 'num',
            cell: (p) => (
              <span>
                {formatCount(p.total_quantity, lang)}
                {p.stock_state !== 'in_stock' ? (
                  <>
                    <br />
                    <span className={`adm-status ${p.stock_state === 'none' ? 'adm-status--cancelled' : 'adm-status--new'}`}>{t(`stock.states.${p.stock_state}`)}</span>
                  </>
                ) : null}
              </span>
            ),
          },
          {
            header: t('products.visibility'),
            cell: (p) => (
              <>
                <span className={`adm-status adm-vis--${p.visibility}`}>{t(`products.visibilities.${p.visibility}`)}</span>
                {p.archived ? <span className="adm-status adm-status--cancelled">{t('products.archived')}</span> : null}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
