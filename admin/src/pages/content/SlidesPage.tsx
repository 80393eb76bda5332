// Home banners: their order (move up/down), what the shop does with each now (shown, scheduled, ended,
// off, no picture), add, edit, delete.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button } from '@bozor/shared';
import { api } from '../../api';
import type { AdminSlide } from '../../api/types';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { DataTable } from '../../components/common/DataTable';
import { MoveButtons } from '../../components/common/MoveButtons';
import { errorText } from '../../components/common/States';
import { inLang } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function SlidesPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const list = useQuery(() => api.slides(), []);
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState<AdminSlide | null>(null);
  const [busy, setBusy] = useState(false);

  async function move(index: number, by: -1 | 1) {
    if (!list.data) return;
    const ids = list.data.data.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    setError('');
    try {
      list.setData(await api.orderSlides(ids));
    } catch (err) {
      setError(errorText(err, t));
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await api.deleteSlide(removing.id);
      setRemoving(null);
      list.reload();
    } catch (err) {
      setError(errorText(err, t));
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  }

  const slides = list.data?.data ?? [];
  return (
    <>
      <div className="adm-spread">
        <h1>{t('slides.title')}</h1>
        <Button onClick={() => void navigate('/slides/new')} data-testid="slide-add">
          {t('slides.add')}
        </Button>
      </div>
      <p className="adm-muted">{t('content.liveNote')}</p>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        testId="slides-table"
        rows={slides}
        rowKey={(s) => s.id}
        rowAttrs={(s) => ({ testId: `slide-row-${s.id}` })}
        states={{ list, empty: t('slides.empty') }}
        columns={[
          {
            header: t('slides.picture'),
            cell: (s) => (s.image_url ? <img src={s.image_url} alt="" className="adm-thumb adm-thumb--wide" /> : <span className="adm-muted">{t('content.noPicture')}</span>),
          },
          {
            header: t('slides.titleField'),
            cell: (s) => (
              <>
                <Link to={`/slides/${s.id}`}>{inLang(s.title, lang)}</Link>
                <br />
                <small className="adm-muted">{s.link}</small>
              </>
            ),
          },
          {
            header: t('slides.dates'),
            cell: (s) => (
              <>
                {s.starts_at ? formatDateTime(s.starts_at, lang) : t('slides.always')} — {s.ends_at ? formatDateTime(s.ends_at, lang) : t('slides.noEnd')}
              </>
            ),
          },
          {
            header: t('slides.state'),
            cell: (s) => (
              <span className={`adm-status adm-status--${s.state === 'shown' ? 'completed' : s.state === 'ended' || s.state === 'inactive' ? 'cancelled' : 'new'}`}>{t(`slides.states.${s.state}`)}</span>
            ),
          },
        ]}
        actions={{
          header: t('content.actions'),
          cell: (s, i) => (
            <span className="adm-actions">
              <MoveButtons name={inLang(s.title, lang)} index={i} count={slides.length} onMove={(by) => void move(i, by)} />
              <Button variant="ghost" onClick={() => setRemoving(s)}>
                {t('content.delete')}
              </Button>
            </span>
          ),
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('slides.confirmDelete')}
        confirmLabel={t('content.delete')}
        danger
        busy={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        <p>{removing ? inLang(removing.title, lang) : null}</p>
      </ConfirmDialog>
    </>
  );
}
