// Home banners: their order (move up/down), what the shop does with each now (shown, scheduled, ended,
// off, no picture), add, edit, delete.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $language, Button } from '@bozor/shared';
import { contentApi, type AdminSlide } from '../../api/content';
import { ConfirmDialog } from '../../components/common/ConfirmDialog';
import { ListStates, errorText } from '../../components/common/States';
import { inLang } from '../../components/content/ContentFields';
import { formatDateTime } from '../../format';
import { useQuery } from '../../hooks/useQuery';

export default function SlidesPage() {
  const { t } = useTranslation();
  const lang = useStore($language);
  const navigate = useNavigate();
  const list = useQuery(() => contentApi.slides(), []);
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
      list.setData(await contentApi.orderSlides(ids));
    } catch (err) {
      setError(errorText(err, t));
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await contentApi.deleteSlide(removing.id);
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
      <ListStates list={list} empty={t('slides.empty')} />
      {slides.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table adm-table--cards" data-testid="slides-table">
            <thead>
              <tr>
                <th>{t('slides.picture')}</th>
                <th>{t('slides.titleField')}</th>
                <th>{t('slides.dates')}</th>
                <th>{t('slides.state')}</th>
                <th>
                  <span className="adm-visually-hidden">{t('content.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {slides.map((s, i) => (
                <tr key={s.id} data-testid={`slide-row-${s.id}`}>
                  <td data-label={t('slides.picture')}>{s.image_url ? <img src={s.image_url} alt="" className="adm-thumb adm-thumb--wide" /> : <span className="adm-muted">{t('content.noPicture')}</span>}</td>
                  <td data-label={t('slides.titleField')}>
                    <Link to={`/slides/${s.id}`}>{inLang(s.title, lang)}</Link>
                    <br />
                    <small className="adm-muted">{s.link}</small>
                  </td>
                  <td data-label={t('slides.dates')}>
                    {s.starts_at ? formatDateTime(s.starts_at, lang) : t('slides.always')} — {s.ends_at ? formatDateTime(s.ends_at, lang) : t('slides.noEnd')}
                  </td>
                  <td data-label={t('slides.state')}>
                    <span className={`adm-status adm-status--${s.state === 'shown' ? 'completed' : s.state === 'ended' || s.state === 'inactive' ? 'cancelled' : 'new'}`}>{t(`slides.states.${s.state}`)}</span>
                  </td>
                  <td data-label={t('content.actions')}>
                    <span className="adm-actions">
                      <Button variant="secondary" disabled={i === 0} onClick={() => void move(i, -1)} aria-label={t('content.moveUpOf', { name: inLang(s.title, lang) })}>
                        ↑
                      </Button>
                      <Button variant="secondary" disabled={i === slides.length - 1} onClick={() => void move(i, 1)} aria-label={t('content.moveDownOf', { name: inLang(s.title, lang) })}>
                        ↓
                      </Button>
                      <Button variant="ghost" onClick={() => setRemoving(s)}>
                        {t('content.delete')}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
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
