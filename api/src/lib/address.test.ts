import { limitAddress } from './address.js';

describe('the address a per-address limit counts', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:5:6::1', '2001:db8:5:6::/64'],
    ['2001:db8:5:6:ffff:1:2:3', '2001:db8:5:6::/64'],
    ['2001:0DB8:0005:0006:0:0:0:9', '2001:db8:5:6::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4::/64'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (ip, counted) => {
    expect(limitAddress(ip)).toBe(counted);
  });
});
