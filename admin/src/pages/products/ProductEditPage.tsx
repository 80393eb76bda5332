// A product: create (/products/new) or edit (/products/:id). Names and descriptions in uz/ru/en (a
// missing language flagged), category, brand, attributes, options and variants, MXIK, package code and
// VAT, visibility, pictures and — once saved — stock per variant per store with its history (the form
// and its sections: components/products/ProductEditor.tsx). This page loads the product and the lookups,
// titles it and says who may change it.
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language } from '@bozor/shared';
import { api } from '../../api';
import { $staff } from '../../auth/session';
import { canEditCatalog } from '../../auth/access';
import { ErrorBlock, Loading } from '../../components/common/States';
import { ProductEditor } from '../../components/products/ProductEditor';
import { useQuery } from '../../hooks/useQuery';

export default function ProductEditPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const staff = useStore($staff);
  const params = useParams();
  const location = useLocation();
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const canEdit = !!staff && canEditCatalog(staff.role);
  const lookups = useQuery(() => api.catalogLookups(), []);
  const product = useQuery(() => (id ? api.product(id).then((a) => a.product) : Promise.resolve(null)), [id]);
  const loaded = product.data;
  // just created (new → its own address): the title, now the product's name, takes the focus — once
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef<string | null>(null);
  const focusTitle = (location.state as { focusTitle?: boolean } | null)?.focusTitle === true && !!loaded && loaded.id === id;
  useEffect(() => {
    if (!focusTitle || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    titleRef.current?.focus();
  }, [focusTitle, location.key]);

  if ((id === null && !canEdit) || (id !== null && !Number.isInteger(id))) {
    return (
      <div className="adm-notice" data-testid="forbidden">
        <h1>{id === null ? t('forbidden.title') : t('notFound.title')}</h1>
        <Link to="/products">{t('products.back')}</Link>
      </div>
    );
  }
  const title = loaded ? loaded.name[lang] || loaded.name.uz : t('products.new');

  return (
    <>
      <p className="adm-no-print">
        <Link to="/products">← {t('products.back')}</Link>
      </p>
      <div className="adm-spread">
        <h1 ref={titleRef} tabIndex={-1} data-testid="product-title">{id === null ? t('products.new') : title}</h1>
        {loaded ? (
          <span className="adm-row">
            {loaded.archived ? <span className="adm-status adm-status--cancelled">{t('products.archived')}</span> : null}
            <span className="adm-status">{t(`products.visibilities.${loaded.visibility}`)}</span>
            {!loaded.archived && loaded.visibility !== 'hidden' ? (
              <a href={loaded.shop_url.replace(/^\/uz\//, `/${lang}/`)} target="_blank" rel="noopener noreferrer">
                {t('products.openInShop')}
              </a>
            ) : null}
          </span>
        ) : null}
      </div>
      {!canEdit ? <p className="adm-notice">{t('products.readOnly')}</p> : null}
      {lookups.error || product.error ? <ErrorBlock error={lookups.error || product.error} onRetry={lookups.error ? lookups.reload : product.reload} /> : null}
      {(lookups.loading && !lookups.data) || (product.loading && product.data === undefined) ? <Loading /> : null}
      {lookups.data && product.data !== undefined ? (
        <ProductEditor key={loaded ? `${loaded.id}` : 'new'} product={loaded ?? null} lookups={lookups.data} canEdit={canEdit} onProduct={(p) => product.setData(p)} onReload={product.reload} />
      ) : null}
    </>
  );
}
