// The home banners as staff change them: texts, link, on/off, dates, picture, order. The shop shows a
// change at once (it reads the table on each request).
import { AppError, notFound } from '../../errors.js';
import { type slideCreate, type slidePatch } from './admin.schema.js';
import { replacePicture } from './picture.js';
import { type SlideRow, createSlideRepository } from './slides.repository.js';
import { type ContentDeps, type In, type StaffContext, auditWith, diff, mediaUrl } from './staff-edits.js';

/** What the shop does with a banner at `now`: shown, or why not. */
const slideState = (s: SlideRow, now: Date): 'shown' | 'inactive' | 'no_picture' | 'scheduled' | 'ended' =>
  !s.active ? 'inactive' : !s.image ? 'no_picture' : s.startsAt && s.startsAt > now ? 'scheduled' : s.endsAt && s.endsAt <= now ? 'ended' : 'shown';
const slideAudit = (s: SlideRow) => ({
  title: s.title,
  subtitle: s.subtitle,
  link: s.link,
  active: s.active,
  starts_at: s.startsAt?.toISOString() ?? null,
  ends_at: s.endsAt?.toISOString() ?? null,
  image: s.image,
  sort: s.sort,
});
const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

export function createSlidesService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);
  const url = mediaUrl(deps.media);
  const slideDto = (s: SlideRow) => ({
    id: s.id,
    image_url: url(s.image),
    title: s.title,
    subtitle: s.subtitle,
    link: s.link,
    sort: s.sort,
    active: s.active,
    starts_at: s.startsAt?.toISOString() ?? null,
    ends_at: s.endsAt?.toISOString() ?? null,
    state: slideState(s, deps.clock.now()),
  });

  async function listSlides() {
    return { data: (await createSlideRepository(db).list()).map(slideDto) };
  }

  async function createSlide(ctx: StaffContext, body: In<typeof slideCreate>) {
    return db.transaction(async (tx) => {
      const repo = createSlideRepository(tx);
      const sort = (await repo.lastSort()) + 1;
      const row = await repo.insert({ title: body.title, subtitle: body.subtitle, link: body.link, active: body.active, startsAt: date(body.starts_at) ?? null, endsAt: date(body.ends_at) ?? null, sort });
      await audited(ctx, tx, 'slide.create', 'slide', row.id, null, slideAudit(row));
      return { slide: slideDto(row) };
    });
  }

  async function updateSlide(ctx: StaffContext, id: number, patch: In<typeof slidePatch>) {
    return db.transaction(async (tx) => {
      const repo = createSlideRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw notFound();
      const startsAt = date(patch.starts_at);
      const endsAt = date(patch.ends_at);
      // the dates in order also when only one of them changes
      const start = startsAt === undefined ? before.startsAt : startsAt;
      const end = endsAt === undefined ? before.endsAt : endsAt;
      if (start && end && end <= start) throw new AppError('VALIDATION_FAILED', 422, { fields: { ends_at: 'date_order' } });
      const after = await repo.update(id, {
        ...(patch.title ? { title: patch.title } : {}),
        ...(patch.subtitle !== undefined ? { subtitle: patch.subtitle } : {}),
        ...(patch.link ? { link: patch.link } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...(startsAt !== undefined ? { startsAt } : {}),
        ...(endsAt !== undefined ? { endsAt } : {}),
      });
      const change = diff(slideAudit(before), slideAudit(after!));
      if (change) await audited(ctx, tx, 'slide.update', 'slide', id, change.before, change.after);
      return { slide: slideDto(after!) };
    });
  }

  async function deleteSlide(ctx: StaffContext, id: number) {
    const image = await db.transaction(async (tx) => {
      const row = await createSlideRepository(tx).remove(id);
      if (!row) throw notFound();
      await audited(ctx, tx, 'slide.delete', 'slide', id, slideAudit(row), null);
      return row.image;
    });
    if (image?.startsWith('slides/')) await deps.media.remove(image).catch(() => undefined);
  }

  /** Sets the order of the banners: `ids` first to last (every slide once). */
  async function orderSlides(ctx: StaffContext, ids: number[]) {
    return db.transaction(async (tx) => {
      const repo = createSlideRepository(tx);
      const rows = await repo.lockAll();
      if (new Set(ids).size !== ids.length || ids.length !== rows.length || !rows.every((r) => ids.includes(r.id))) {
        throw new AppError('VALIDATION_FAILED', 422, { fields: { ids: 'invalid' } });
      }
      for (const [i, id] of ids.entries()) await repo.update(id, { sort: i + 1 });
      await audited(ctx, tx, 'slide.order', 'slide', 'all', { ids: rows.map((r) => r.id) }, { ids });
      return { data: (await repo.list()).map(slideDto) };
    });
  }

  async function slidePicture(ctx: StaffContext, id: number, data: Buffer) {
    let dto: ReturnType<typeof slideDto> | undefined;
    await replacePicture(deps.media, data, 'slides', async (key) =>
      db.transaction(async (tx) => {
        const repo = createSlideRepository(tx);
        const row = await repo.lock(id);
        if (!row) throw notFound();
        const after = await repo.update(id, { image: key });
        await audited(ctx, tx, 'slide.picture', 'slide', id, { image: row.image }, { image: key });
        dto = slideDto(after!);
        return row.image;
      }),
    );
    return { slide: dto! };
  }

  return { listSlides, createSlide, updateSlide, deleteSlide, orderSlides, slidePicture };
}
