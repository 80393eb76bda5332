import { ttlCache } from './ttl-cache.js';

describe('ttlCache', () => {
  test('loads once per key until the value is older than the TTL; callers share a load', async () => {
    let time = 0;
    let loads = 0;
    const get = ttlCache(1000, async (key: string) => `${key}:${++loads}`, { now: () => time });
    expect(await Promise.all([get('a'), get('a')])).toEqual(['a:1', 'a:1']);
    expect(await get('b')).toBe('b:2');
    time = 999;
    expect(await get('a')).toBe('a:1');
    time = 1000;
    expect(await get('a')).toBe('a:3');
  });

  test('a failed load is retried on the next call, not served from the cache', async () => {
    let fail = true;
    const get = ttlCache(60_000, async () => {
      if (fail) throw new Error('database down');
      return 'ok';
    });
    await expect(get('x')).rejects.toThrow('database down');
    fail = false;
    expect(await get('x')).toBe('ok');
  });

  test('object keys are compared by keyOf, and the oldest key goes when the cache is full', async () => {
    let loads = 0;
    const get = ttlCache(60_000, async (k: { n: number }) => `${k.n}:${++loads}`, { keyOf: (k) => JSON.stringify(k), maxEntries: 2 });
    expect(await get({ n: 1 })).toBe('1:1');
    expect(await get({ n: 1 })).toBe('1:1');
    await get({ n: 2 });
    await get({ n: 3 });
    expect(await get({ n: 1 })).toBe('1:4');
    expect(await get({ n: 3 })).toBe('3:3');
  });

  test('clear() forgets every key: the next call loads again before the time is up', async () => {
    let loads = 0;
    const get = ttlCache(60_000, async (k: string) => `${k}:${++loads}`);
    expect(await get('a')).toBe('a:1');
    expect(await get('a')).toBe('a:1');
    get.clear();
    expect(await get('a')).toBe('a:2');
  });
});
