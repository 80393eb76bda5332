import { type FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { type ZodTypeProvider } from '../../http/contract.js';
import { clearSessionCookie, requireUser } from '../../http/auth.js';
import { checkedParts } from '../../http/hardening.js';
import { userAnswer } from '../auth/index.js';
import { PHOTO_MAX_BYTES } from './photo.js';
import { deletedAnswer, updateProfileBody } from './profile.schema.js';

/** docs/product.md "API calls of the storefront": PUT/DELETE /api/profile, POST /api/profile/upload-photo. */
export async function profileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { profile } = app.services;

  app.put(
    '/api/profile',
    { config: { access: 'customer', summary: 'Edits the profile: a field left out is unchanged, null clears it.' }, schema: { body: updateProfileBody, response: { 200: userAnswer } } },
    async (request) => {
      const auth = await requireUser(request);
      return { user: await profile.update(auth, request.body) };
    },
  );

  app.delete(
    '/api/profile',
    { config: { access: 'customer', summary: 'Erases the personal data and ends every session; past orders stay, anonymised.' }, schema: { response: { 200: deletedAnswer } } },
    async (request, reply) => {
      const auth = await requireUser(request);
      await profile.deleteAccount(auth);
      clearSessionCookie(reply, app.config.publicUrl?.startsWith('https://') ?? false);
      return { deleted: true as const };
    },
  );

  app.post(
    '/api/profile/upload-photo',
    { config: { access: 'customer', summary: 'multipart/form-data, one JPEG, PNG or WebP in the field `photo`; stored as a 512×512 WebP.' }, schema: { response: { 200: userAnswer } } },
    async (request) => {
      const auth = await requireUser(request);
      if (!request.isMultipart()) throw new AppError('PHOTO_REQUIRED', 422, { fields: { photo: 'required' } });
      let data: Buffer | null = null;
      for await (const part of checkedParts(request, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'photo') {
          part.file.resume();
          continue;
        }
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PHOTO_TOO_LARGE', 422, { fields: { photo: 'invalid' } });
          }
          throw err;
        }
      }
      if (!data || data.length === 0) throw new AppError('PHOTO_REQUIRED', 422, { fields: { photo: 'required' } });
      return { user: await profile.uploadPhoto(auth, data) };
    },
  );
}
