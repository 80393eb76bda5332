// Brands: the list with their logos and product counts; add, rename, logo.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminBrand } from '../../api/types';
import { TextField } from '../../components/common/Fields';
import { FormFooter } from '../../components/common/FormFooter';
import { DataTable } from '../../components/common/DataTable';
import { PictureField, useSave } from '../../components/content/ContentFields';
import { useQuery } from '../../hooks/useQuery';

function BrandForm({ brand, onSaved, onCancel }: { brand: AdminBrand | null; onSaved: (b: AdminBrand) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [slug, setSlug] = useState(brand?.slug ?? '');
  const [name, setName] = useState(brand?.name ?? '');
  const { errors, message, saving, run } = useSave((f) => f === 'slug' || f === 'name');
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const answer = brand ? await api.updateBrand(brand.id, { slug, name: name.trim() }) : await api.addBrand({ slug, name: name.trim() });
      onSaved(answer.brand);
    });
  };
  return (
    <form className="adm-form" noValidate onSubmit={(e) => void save(e)} data-testid="brand-form">
      <TextField label={t('brands.name')} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} data-testid="brand-name" />
      <TextField label={t('content.slug')} value={slug} onChange={(e) => setSlug(e.target.value.trim().toLowerCase())} error={errors.slug} data-testid="brand-slug" />
      <small className="adm-muted">{t('content.slugHint')}</small>
      <FormFooter error={message} submitLabel={brand ? t('actions.save') : t('brands.add')} submitting={saving} onCancel={onCancel} />
    </form>
  );
}

export default function BrandsPage() {
  const { t } = useTranslation();
  const list = useQuery(() => api.brands(), []);
  const [editing, setEditing] = useState<AdminBrand | 'new' | null>(null);
  const brands = list.data?.data ?? [];
  const replace = (b: AdminBrand) => list.data && list.setData({ data: list.data.data.some((x) => x.id === b.id) ? list.data.data.map((x) => (x.id === b.id ? b : x)) : [...list.data.data, b] });
  return (
    <>
      <div className="adm-spread">
        <h1>{t('brands.title')}</h1>
        <Button onClick={() => setEditing('new')} data-testid="brand-add">
          {t('brands.add')}
        </Button>
      </div>
      <p className="adm-muted">{t('content.liveNote')}</p>
      <DataTable
        testId="brands-table"
        rows={brands}
        rowKey={(b) => b.id}
        states={{ list, empty: t('brands.empty') }}
        columns={[
          { header: t('brands.logo'), cell: (b) => (b.logo_url ? <img src={b.logo_url} alt="" className="adm-thumb" /> : <span className="adm-muted">—</span>) },
          {
            header: t('brands.name'),
            cell: (b) => (
              <>
                {b.name}
                <br />
                <small className="adm-muted">{b.slug}</small>
              </>
            ),
          },
          { header: t('brands.products'), className: 'num', cell: (b) => b.products_count },
        ]}
        actions={{
          header: t('content.actions'),
          cell: (b) => (
            <Button variant="secondary" onClick={() => setEditing(b)} aria-label={t('content.editOf', { name: b.name })}>
              {t('content.edit')}
            </Button>
          ),
        }}
      />
      <Dialog open={editing !== null} title={editing === 'new' ? t('brands.add') : editing ? t('content.editOf', { name: editing.name }) : ''} onClose={() => setEditing(null)} closeLabel={t('common:close')}>
        {editing !== null ? (
          <>
            <BrandForm
              brand={editing === 'new' ? null : editing}
              onCancel={() => setEditing(null)}
              onSaved={(b) => {
                replace(b);
                showToast(t('content.saved'), 'success');
                // a new brand stays open for its logo
                setEditing(editing === 'new' ? b : null);
              }}
            />
            {editing !== 'new' ? (
              <PictureField
                label={t('brands.logo')}
                url={editing.logo_url}
                onUpload={async (file) => {
                  const answer = await api.brandLogo(editing.id, file);
                  replace(answer.brand);
                  setEditing(answer.brand);
                  showToast(t('content.pictureSaved'), 'success');
                }}
              />
            ) : null}
          </>
        ) : null}
      </Dialog>
    </>
  );
}
