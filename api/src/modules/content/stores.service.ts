// The stores as staff change them: texts in three languages, phone, map pin. The shop, the checkout's
// pickup and the availability per store read them at once.
import { notFound } from '../../errors.js';
import { type storePatch } from './admin.schema.js';
import { type StoreRow, createStoreRepository } from './stores.repository.js';
import { type ContentDeps, type In, type StaffContext, auditWith, diff } from './staff-edits.js';

const storeDto = (s: StoreRow) => ({ id: s.id, slug: s.slug, name: s.name, address: s.address, landmark: s.landmark, hours: s.hours, phone: s.phone, lat: s.lat, lng: s.lng });

export function createStoresService(deps: ContentDeps) {
  const { db } = deps;
  const audited = auditWith(deps.audit);

  async function listStores() {
    return { data: (await createStoreRepository(db).list()).map(storeDto) };
  }

  async function updateStore(ctx: StaffContext, id: number, patch: In<typeof storePatch>) {
    return db.transaction(async (tx) => {
      const repo = createStoreRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw notFound();
      const after = await repo.update(id, patch);
      const { id: _a, ...b } = storeDto(before);
      const { id: _b, ...a } = storeDto(after!);
      const change = diff(b, a);
      if (change) await audited(ctx, tx, 'store.update', 'store', id, change.before, change.after);
      return { store: storeDto(after!) };
    });
  }

  return { listStores, updateStore };
}
