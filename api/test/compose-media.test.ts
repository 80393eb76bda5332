/**
 * docker-compose's media settings and its `s3` profile (docs/operations.md "Media storage"). Docker is not
 * available where the tests run, so the file is parsed, its `${VAR:-default}` values are filled in as compose
 * does, and the API's environment is run through the API's own configuration check: by default media stays
 * on the volume; with the .env.example lines for MinIO the API points at the bucket that minio-init creates,
 * with the key MinIO was started with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { envSchema, loadConfig } from '../src/config.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  command?: string[] | string;
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };

/** Compose's interpolation of `${VAR}`, `${VAR:-default}` and `$$` in one value. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g, (match, name: string | undefined, fallback: string | undefined) => {
    if (match === '$$') return '$';
    const set = env[name!];
    return set !== undefined && set !== '' ? set : (fallback ?? '');
  });
}
const environmentOf = (service: string, env: Record<string, string>) =>
  Object.fromEntries(Object.entries(compose.services[service]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]));

/** The MinIO lines .env.example gives for the s3 profile (`#   NAME=value`), with a secret filled in. */
function minioLines(): Record<string, string> {
  const lines = [...read('.env.example').matchAll(/^#\s{3}([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()] as const);
  return Object.fromEntries(lines.map(([k, v]) => [k, v.startsWith('<') ? 'a-long-random-secret-for-minio' : v]));
}

const MEDIA_VARIABLES = ['MEDIA_STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_TIMEOUT_MS'];

describe('docker-compose passes the API its settings', () => {
  test('every variable the API reads is in .env.example and reaches the api service (a setting put in .env is never dropped)', () => {
    const api = compose.services.api!.environment!;
    // DATA_DIR: compose keeps the database in PostgreSQL and media on their own volume
    for (const name of Object.keys(envSchema.shape).filter((n) => n !== 'DATA_DIR')) {
      expect([name, name in api]).toEqual([name, true]);
      expect([name, new RegExp(`^${name}=`, 'm').test(read('.env.example'))]).toEqual([name, true]);
    }
    // compose's own settings (passwords, published ports) are in .env.example too
    for (const name of new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!))) {
      expect([name, new RegExp(`^${name}=`, 'm').test(read('.env.example'))]).toEqual([name, true]);
    }
    // and the defaults hold when .env leaves them blank
    expect(loadConfig(environmentOf('api', {})).sms).toMatchObject({ provider: 'log' });
  });
});

describe("docker-compose's images", () => {
  test('no build context holds the secrets, the local database or what the host installed', () => {
    for (const [name, service] of Object.entries(compose.services as Record<string, Service & { build?: { context: string; dockerfile: string } }>)) {
      if (!service.build) continue;
      // BuildKit reads <Dockerfile>.dockerignore beside the Dockerfile when there is one, else the context's
      const own = `${service.build.dockerfile}.dockerignore`;
      const ignore = fs.existsSync(path.join(ROOT, own)) ? own : '.dockerignore';
      const lines = read(ignore).split('\n').map((l) => l.trim());
      for (const must of ['.env', 'data', '**/node_modules', '.git']) expect([name, ignore, must, lines.includes(must)]).toEqual([name, ignore, must, true]);
    }
  });
});

describe('docker-compose media storage', () => {
  test('the API gets every media variable, each listed in .env.example', () => {
    const api = compose.services.api!.environment!;
    for (const name of MEDIA_VARIABLES) {
      expect([name, api[name]]).toEqual([name, expect.stringMatching(new RegExp(`^\\$\\{${name}:-`))]);
      expect(read('.env.example')).toMatch(new RegExp(`^${name}=`, 'm'));
    }
  });

  test('without the s3 settings, media stays on the volume', () => {
    const config = loadConfig(environmentOf('api', {}));
    expect(config.media).toEqual({ storage: 'disk' });
    expect(config.mediaDir).toBe('/data/media');
    expect(compose.services.api!.volumes).toContain('media:/data/media');
  });

  test('the s3 profile starts MinIO and creates the bucket; the .env.example lines point the API at it', () => {
    const env = minioLines();
    expect(env.COMPOSE_PROFILES).toBe('s3');
    const { minio, 'minio-init': init } = compose.services;
    expect(minio!.profiles).toEqual(['s3']);
    expect(init!.profiles).toEqual(['s3']);
    // the official images unless S3_SERVER_IMAGE / S3_INIT_IMAGE name others (the stand-in of ops/local-images)
    expect(interpolate(minio!.image!, env)).toMatch(/^minio\/minio:RELEASE\./);
    expect(interpolate(init!.image!, env)).toMatch(/^minio\/mc:RELEASE\./);
    expect(interpolate(minio!.image!, { S3_SERVER_IMAGE: 'bozor-local/s3rver:4.0.4' })).toBe('bozor-local/s3rver:4.0.4');
    expect(interpolate(init!.image!, { S3_INIT_IMAGE: 'bozor-local/s3rver:4.0.4' })).toBe('bozor-local/s3rver:4.0.4');
    expect(minio!.volumes).toContain('minio:/data');
    expect(compose.volumes).toHaveProperty('minio');
    expect(minio!.healthcheck!.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    // the S3 port is not published: only the console, on the host's loopback
    expect(minio!.ports).toEqual([expect.stringMatching(/^127\.0\.0\.1:.*:9001$/)]);
    expect(init!.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    // the API itself does not depend on a profile's service: compose would refuse to start without the profile
    expect(Object.keys(compose.services.api!.depends_on ?? {})).not.toContain('minio-init');

    const config = loadConfig(environmentOf('api', env));
    expect(config.media).toEqual({
      storage: 's3',
      s3: expect.objectContaining({ endpoint: 'http://minio:9000', bucket: 'bozor-media', forcePathStyle: true, accessKeyId: 'bozor', secretAccessKey: 'a-long-random-secret-for-minio' }),
    });
    // minio-init makes that very bucket on that server, with the key MinIO was started with
    const initEnv = environmentOf('minio-init', env);
    const script = interpolate([init!.command].flat().join(' '), env)
      // the shell's own expansion of the container's variables, quotes dropped
      .replace(/\$([A-Z0-9_]+)/g, (_m, name: string) => initEnv[name] ?? '')
      .replace(/"/g, '');
    expect(script).toBe('mc alias set bozor http://minio:9000 bozor a-long-random-secret-for-minio && mc mb --ignore-existing bozor/bozor-media');
    expect(environmentOf('minio', env)).toMatchObject({ MINIO_ROOT_USER: 'bozor', MINIO_ROOT_PASSWORD: 'a-long-random-secret-for-minio' });
    expect(minio!.command).toEqual(['server', '/data', '--console-address', ':9001']);
  });
});
