// `GET /media/<key>`: every stored picture, from the media store MEDIA_STORAGE names (disk or bucket),
// streamed by the API with the same headers either way (docs/decisions.md "Media in object storage:
// streamed by the API"). `?w=` is answered before this route by resized.ts; catalogue pictures, which
// are drawn on first request, have their own route in catalog.routes.ts that sends through here too.
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { notFound } from '../../errors.js';
import { MEDIA_CACHE_CONTROL, type MediaObject, type MediaStorage, MediaUnavailableError } from '../../providers/media/media.js';

/** True when the client's copy (If-None-Match, else If-Modified-Since) is the stored one. */
function clientHasIt(request: FastifyRequest, object: MediaObject): boolean {
  const tags = request.headers['if-none-match'];
  if (tags !== undefined) {
    const wanted = tags.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return wanted.includes('*') || wanted.includes(object.etag.replace(/^W\//, ''));
  }
  const since = request.headers['if-modified-since'];
  if (since !== undefined && object.lastModified) {
    const time = Date.parse(since);
    return !Number.isNaN(time) && Math.floor(object.lastModified.getTime() / 1000) <= Math.floor(time / 1000);
  }
  return false;
}

/** Answers with an opened picture: type, long-lived caching, validators, then the bytes (none for HEAD or a 304). */
export function sendMedia(request: FastifyRequest, reply: FastifyReply, object: MediaObject) {
  reply.header('content-type', object.contentType).header('cache-control', MEDIA_CACHE_CONTROL).header('etag', object.etag);
  if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
  if (clientHasIt(request, object)) {
    object.body.destroy();
    return reply.code(304).send();
  }
  reply.header('content-length', String(object.size));
  if (request.method === 'HEAD') {
    // Fastify's HEAD route keeps our content-length for a stream payload (an empty one would set 0);
    // the bytes are not needed, so the object's stream is closed at once.
    object.body.destroy();
    return reply.send(object.body);
  }
  return reply.send(object.body);
}

/** Opens a key for an answer; a store that fails is logged here and answered 503 (MediaUnavailableError). */
export async function openMedia(request: FastifyRequest, media: MediaStorage, key: string): Promise<MediaObject | null> {
  try {
    return await media.open(key);
  } catch (err) {
    if (err instanceof MediaUnavailableError) request.log.warn({ err, key }, 'media store unavailable');
    throw err;
  }
}

export async function mediaRoutes(app: FastifyInstance, options: { media: MediaStorage }): Promise<void> {
  app.get<{ Params: { '*': string } }>(
    '/media/*',
    { config: { access: 'public', summary: 'A stored picture (avatars, slides, catalogue pictures): its bytes with long-lived cache headers; `?w=` for a resized WebP.' } },
    async (request, reply) => {
      const object = await openMedia(request, options.media, request.params['*']);
      if (!object) throw notFound();
      return sendMedia(request, reply, object);
    },
  );
}
