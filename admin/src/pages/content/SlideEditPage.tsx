// One home banner: texts in three languages, link, on/off, shown from/to (Tashkent time), picture.
// A new banner gets its picture once saved (the upload needs its id).
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Body, showToast } from '@bozor/shared';
import { api } from '../../api';
import type { AdminSlide, Localized } from '../../api/types';
import { ErrorBlock, Loading } from '../../components/common/States';
import { TextField } from '../../components/common/Fields';
import { FormFooter } from '../../components/common/FormFooter';
import { LocalizedFields, PictureField, emptyLocalized, useSave, type FieldErrors } from '../../components/content/ContentFields';
import { useDraft } from '../../hooks/useDraft';
import { useQuery } from '../../hooks/useQuery';
import { useUnsavedGuard } from '../../hooks/useUnsavedGuard';

/** "2026-12-01T10:00" (Tashkent, as a datetime-local field holds it) from an ISO instant, and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 5 * 3600_000).toISOString().slice(0, 16);
}
export function fromLocalInput(value: string): string | null {
  return value ? new Date(`${value}:00+05:00`).toISOString() : null;
}

interface Values {
  title: Localized;
  subtitle: Localized;
  link: string;
  active: boolean;
  starts_at: string;
  ends_at: string;
}
const valuesOf = (s: AdminSlide | undefined): Values => ({
  title: s?.title ?? emptyLocalized(),
  subtitle: s?.subtitle ?? emptyLocalized(),
  link: s?.link ?? '/catalog',
  active: s?.active ?? true,
  starts_at: toLocalInput(s?.starts_at ?? null),
  ends_at: toLocalInput(s?.ends_at ?? null),
});

function SlideForm({ slide, onSaved }: { slide: AdminSlide | undefined; onSaved: (s: AdminSlide) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activeId = useId();
  // what is typed stays when the saved banner changes under it (a picture upload, the language switch's reload)
  const { values: v, setValues: setV, changed, savedAs } = useDraft(valuesOf(slide), slide?.id);
  const { errors, message, saving, check, run, formRef } = useSave((f) => /^(title|subtitle)(\.|$)|^(link|active|starts_at|ends_at)$/.test(f));
  // leaving with unsaved text asks first, as the post, page and product forms do
  const mayLeave = useUnsavedGuard(!saving && changed, t('products.unsaved'));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!v.link.startsWith('/')) local.link = 'slides.linkHint';
    if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at) local.ends_at = 'slides.endsBeforeStart';
    if (!check(local)) return;
    const sent = v;
    const subtitleEmpty = !v.subtitle.uz && !v.subtitle.ru && !v.subtitle.en;
    const body: Body<'/api/admin/slides', 'post'> = {
      title: v.title,
      subtitle: subtitleEmpty ? null : v.subtitle,
      link: v.link.trim(),
      active: v.active,
      starts_at: fromLocalInput(v.starts_at),
      ends_at: fromLocalInput(v.ends_at),
    };
    await run(async () => {
      const answer = slide ? await api.updateSlide(slide.id, body) : await api.addSlide(body);
      showToast(t('content.saved'), 'success');
      savedAs(sent, valuesOf(answer.slide));
      onSaved(answer.slide);
    });
  };

  return (
    <form ref={formRef} className="adm-form adm-card" noValidate onSubmit={(e) => void save(e)} data-testid="slide-form">
      <LocalizedFields label={t('slides.titleField')} name="title" value={v.title} onChange={(title) => setV({ ...v, title })} errors={errors} testId="slide-title" />
      <LocalizedFields label={t('slides.subtitle')} name="subtitle" value={v.subtitle} onChange={(subtitle) => setV({ ...v, subtitle })} errors={errors} optional testId="slide-subtitle" />
      <TextField label={t('slides.link')} value={v.link} onChange={(e) => setV({ ...v, link: e.target.value })} error={errors.link} placeholder="/catalog?discounted=true" data-testid="slide-link" />
      <small className="adm-muted">{t('slides.linkHint')}</small>
      <div className="adm-filters adm-dates">
        <TextField type="datetime-local" label={t('slides.startsAt')} value={v.starts_at} onChange={(e) => setV({ ...v, starts_at: e.target.value })} error={errors.starts_at} data-testid="slide-starts" />
        <TextField type="datetime-local" label={t('slides.endsAt')} value={v.ends_at} onChange={(e) => setV({ ...v, ends_at: e.target.value })} error={errors.ends_at} data-testid="slide-ends" />
      </div>
      <small className="adm-muted">{t('slides.datesHint')}</small>
      <label className="adm-check" htmlFor={activeId}>
        <input id={activeId} type="checkbox" checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} data-testid="slide-active" /> {t('slides.active')}
      </label>
      <FormFooter error={message} submitLabel={slide ? t('actions.save') : t('slides.create')} submitting={saving} changed={changed} onCancel={() => mayLeave() && void navigate('/slides')} />
    </form>
  );
}

export default function SlideEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const isNew = id === undefined;
  const query = useQuery(async () => (isNew ? undefined : (await api.slides()).data.find((s) => s.id === Number(id)) ?? null), [id]);
  const slide = query.data ?? undefined;

  if (!isNew && query.loading && !query.data) return <Loading />;
  if (!isNew && query.error) return <ErrorBlock error={query.error} onRetry={query.reload} />;
  if (!isNew && query.data === null) {
    return (
      <div className="adm-notice">
        <h1>{t('notFound.title')}</h1>
        <Link to="/slides">{t('slides.backToList')}</Link>
      </div>
    );
  }
  return (
    <>
      <p>
        <Link to="/slides">← {t('slides.title')}</Link>
      </p>
      <h1>{isNew ? t('slides.add') : t('slides.edit')}</h1>
      <SlideForm
        slide={slide}
        onSaved={(s) => {
          if (isNew) void navigate(`/slides/${s.id}`, { replace: true });
          else query.setData(s);
        }}
      />
      <div className="adm-card">
        <h2>{t('slides.picture')}</h2>
        <PictureField
          label={t('slides.pictureHint')}
          url={slide?.image_url ?? null}
          disabledText={slide ? undefined : t('slides.pictureAfterSave')}
          testId="slide-picture"
          onUpload={async (file) => {
            if (!slide) return;
            const answer = await api.slidePicture(slide.id, file);
            query.setData(answer.slide);
            showToast(t('content.pictureSaved'), 'success');
          }}
        />
        {slide ? <p className="adm-muted" data-testid="slide-state">{t(`slides.states.${slide.state}`)}</p> : null}
      </div>
      {!isNew ? (
        // a link, as the one at the top: leaving with unsaved text asks first (useUnsavedGuard)
        <Link className="bz-btn bz-btn--ghost" to="/slides">
          {t('slides.backToList')}
        </Link>
      ) : null}
    </>
  );
}
