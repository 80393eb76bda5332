import { type Db } from '../../db/client.js';
import { AppError, unauthenticated } from '../../errors.js';
import { type Clock } from '../../lib/clock.js';
import { randomName } from '../../lib/secrets.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type AuditService } from '../audit/index.js';
import { type AuthContext, type AuthService, type CustomerProfile } from '../auth/index.js';
import { type UserDto } from '../auth/index.js';
import { type Favourites } from '../favourites/index.js';
import { processPhoto } from './photo.js';
import { type UpdateProfileBody } from './profile.schema.js';

/** The signed-in shopper's own profile: edit, photo, delete. */
export function createProfileService(deps: { db: Db; media: MediaStorage; clock: Clock; auth: AuthService; favourites: Pick<Favourites, 'forget'>; audit: Pick<AuditService, 'record'> }) {
  return {
    async update(auth: AuthContext, body: UpdateProfileBody): Promise<UserDto> {
      if (body.user_type !== undefined && body.user_type !== auth.customer.userType) {
        throw new AppError('ACCOUNT_TYPE_CONTACT_SUPPORT', 403);
      }
      const profile: CustomerProfile = {};
      if (body.name !== undefined) profile.name = body.name;
      if (body.surname !== undefined) profile.surname = body.surname;
      if (body.email !== undefined) profile.email = body.email;
      if (body.birth_date !== undefined) profile.birthDate = body.birth_date;
      if (body.gender !== undefined) profile.gender = body.gender;
      const updated = Object.keys(profile).length > 0 ? await deps.auth.updateProfile(auth.customer.id, profile, deps.clock.now()) : auth.customer;
      if (!updated) throw unauthenticated();
      return deps.auth.userDto(updated);
    },

    /** Stores the new photo first, then points the profile at it, then removes the old one. */
    async uploadPhoto(auth: AuthContext, data: Buffer): Promise<UserDto> {
      const webp = await processPhoto(data);
      const key = `avatars/${randomName()}.webp`;
      await deps.media.put(key, webp);
      const old = auth.customer.photoKey;
      await deps.auth.setPhotoKey(auth.customer.id, key, deps.clock.now());
      if (old) await deps.media.remove(old);
      return deps.auth.userDto({ ...auth.customer, photoKey: key });
    },

    /** Erases personal data, signs out everywhere; orders stay, tied to an anonymous customer. */
    async deleteAccount(auth: AuthContext): Promise<void> {
      const now = deps.clock.now();
      const { customer } = auth;
      await deps.db.transaction(async (tx) => {
        await deps.auth.forget(customer, now, tx);
        // what they liked is personal too
        await deps.favourites.forget(customer.id, tx);
        // who and when only: the log keeps nothing the deletion erased
        await deps.audit.record(tx, { customerId: customer.id }, { action: 'customer.delete', entity: 'customer', entityId: customer.id, before: null, after: null });
      });
      if (customer.photoKey) await deps.media.remove(customer.photoKey);
    },
  };
}
