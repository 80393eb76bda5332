// Archiving a product (gone from the shop, kept for its orders) and bringing it back, behind a confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminProduct } from '../../api/catalog';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { errorText } from '../common/States';

export function ProductArchive({ product, onChanged }: { product: AdminProduct; onChanged: (p: AdminProduct) => void }) {
  const { t } = useTranslation();
  const [archiving, setArchiving] = useState(false);
  const [archiveError, setArchiveError] = useState('');

  const archive = async () => {
    setArchiveError('');
    try {
      const answer = await api.updateProduct(product.id, { archived: !product.archived });
      setArchiving(false);
      onChanged(answer.product);
      showToast(answer.product.archived ? t('products.archivedToast') : t('products.restoredToast'), 'success');
    } catch (err) {
      setArchiveError(errorText(err, t));
    }
  };

  return (
    <section className="adm-card">
      <h2>{product.archived ? t('products.archivedTitle') : t('products.archiveTitle')}</h2>
      <p className="adm-muted">{product.archived ? t('products.restoreText') : t('products.archiveText')}</p>
      <Button variant="secondary" className={product.archived ? undefined : 'adm-danger'} onClick={() => setArchiving(true)} data-testid="product-archive">
        {product.archived ? t('products.restore') : t('products.archive')}
      </Button>
      <ConfirmDialog
        open={archiving}
        title={product.archived ? t('products.restoreConfirm') : t('products.archiveConfirm')}
        confirmLabel={product.archived ? t('products.restore') : t('products.archive')}
        danger={!product.archived}
        error={archiveError}
        onClose={() => setArchiving(false)}
        onConfirm={() => void archive()}
      >
        <p>{product.archived ? t('products.restoreText') : t('products.archiveText')}</p>
      </ConfirmDialog>
    </section>
  );
}
