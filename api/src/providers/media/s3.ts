// Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Yandex Object Storage) through the
// official AWS SDK v3 client. The bucket stays private: the API reads objects and streams them at
// /media/<key> (docs/decisions.md "Media in object storage: streamed by the API").
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { MEDIA_CACHE_CONTROL, type MediaObject, type MediaStorage, MediaUnavailableError, SAFE_KEY, mediaContentType } from './media.js';

export interface S3MediaOptions {
  bucket: string;
  region: string;
  /** Unset for AWS itself; `http(s)://host:port` for MinIO, R2, Yandex and the like. */
  endpoint: string | undefined;
  /** Both or neither; neither lets the SDK find credentials itself (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key` (MinIO without a domain). */
  forcePathStyle: boolean;
  /** Longest wait for a connection, and for an answer once connected (one try of one call). */
  timeoutMs: number;
}

/** The S3 client the options describe; one per process is enough (it pools its connections). */
export function createS3Client(options: S3MediaOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Without throwOnRequestTimeout the SDK only warns when an answer is late, and keeps waiting.
    requestHandler: { connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs, throwOnRequestTimeout: true },
    // One retry: a store that is down answers the request within about two time-outs, never hangs it.
    maxAttempts: 2,
    // Checksums only where S3 requires them: the SDK's newer default (CRC32 trailers on every upload)
    // is refused by some S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound']);
const REFUSED = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden', 'InvalidToken', 'ExpiredToken']);
const TIMED_OUT = new Set(['TimeoutError', 'RequestTimeout', 'AbortError', 'ETIMEDOUT']);

/**
 * Keys in `bucket`, each behind `prefix` (the resized copies use `_resized/`, which no media key can
 * start with). `client` is shared by the stores of one process.
 */
export function createS3MediaStorage(options: S3MediaOptions, client: S3Client = createS3Client(options), prefix = ''): MediaStorage {
  const { bucket } = options;
  const where = `S3 bucket "${bucket}"${options.endpoint ? ` at ${options.endpoint}` : ` (${options.region})`}`;
  const objectKey = (key: string): string => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
    return `${prefix}${key}`;
  };
  /** A bounded wait for the whole call, retries included. */
  const deadline = () => ({ abortSignal: AbortSignal.timeout(options.timeoutMs * 3) });

  /** Turns what the SDK threw into null (no such key) or a MediaUnavailableError naming the cause. */
  const fail = (err: unknown, what: string): MediaUnavailableError => {
    const e = err as Partial<S3ServiceException> & { code?: string; Code?: string };
    const name = e.name ?? 'Error';
    const status = e.$metadata?.httpStatusCode;
    if (name === 'NoSuchBucket') return new MediaUnavailableError(`${where} does not exist (${what})`, err);
    if (REFUSED.has(name) || status === 403) {
      return new MediaUnavailableError(`${where} refused ${what}: ${name} (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket)`, err);
    }
    if (TIMED_OUT.has(name) || (e.code && TIMED_OUT.has(e.code))) {
      return new MediaUnavailableError(`${where} did not answer ${what} in time (S3_TIMEOUT_MS=${options.timeoutMs})`, err);
    }
    // The SDK wraps network errors ("AWS SDK error wrapper for Error: connect ECONNREFUSED …"): the
    // system error's code is on the error, on its cause, or only in the message.
    const text = [e.code, (e as { cause?: { code?: string } }).cause?.code, e.message].filter(Boolean).join(' ');
    const network = /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE)\b/.exec(text)?.[1];
    if (network) return new MediaUnavailableError(`cannot reach ${where} for ${what}: ${network}`, err);
    return new MediaUnavailableError(`${where} failed ${what}: ${name}${status ? ` (HTTP ${status})` : ''}: ${e.message ?? ''}`.trim(), err);
  };
  const isMissing = (err: unknown) => {
    const e = err as Partial<S3ServiceException>;
    return NOT_FOUND.has(e.name ?? '') || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
  };

  const getObject = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), deadline());
    } catch (err) {
      if (isMissing(err)) return null;
      throw fail(err, `reading ${key}`);
    }
  };

  return {
    kind: 's3',
    async put(key, data) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentType: mediaContentType(key), CacheControl: MEDIA_CACHE_CONTROL }),
          deadline(),
        );
      } catch (err) {
        throw fail(err, `writing ${key}`);
      }
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      const answer = await getObject(key);
      if (!answer?.Body) return null;
      try {
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        throw fail(err, `reading ${key}`);
      }
    },
    async open(key): Promise<MediaObject | null> {
      if (!SAFE_KEY.test(key)) return null;
      // No overall deadline here: it would cut a slow client's download short. The connection and
      // answer time-outs of the client still bound the wait for S3.
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (err) {
        if (isMissing(err)) return null;
        throw fail(err, `reading ${key}`);
      }
      if (!(answer.Body instanceof Readable)) {
        if (!answer.Body) return null;
        throw new MediaUnavailableError(`${where} answered ${key} with a body that is not a stream`);
      }
      return {
        body: answer.Body,
        size: answer.ContentLength ?? 0,
        contentType: mediaContentType(key),
        etag: answer.ETag ?? `"${key}"`,
        lastModified: answer.LastModified,
      };
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }), deadline());
      } catch (err) {
        if (isMissing(err)) return;
        throw fail(err, `deleting ${key}`);
      }
    },
    url(key) {
      return `/media/${key}`;
    },
    async check() {
      // Reading a key that is never written needs only the rights the shop uses anyway (GetObject, and
      // ListBucket so that a missing key is a 404): NoSuchKey means bucket and credentials are fine.
      try {
        await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}_probe/bozor-start-check` }), deadline());
      } catch (err) {
        if (NOT_FOUND.has((err as Error).name)) return;
        throw fail(err, 'the start-up check');
      }
    },
  };
}
