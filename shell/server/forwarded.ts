// Who is the client, and which host and scheme did it ask for? The X-Forwarded-* headers answer that only
// when the request comes from a proxy this server was told to trust (TRUST_PROXY); from anyone else they
// are the client's own words, so the socket's address and the Host header stand instead. Without this, a
// client picks its own IP (and escapes every per-IP limit) by sending a new X-Forwarded-For each time.
import type http from 'node:http';
import net from 'node:net';

export interface Forwarded {
  /** The client's address: what the gateway passes on as the one X-Forwarded-For entry. */
  clientIp: string;
  proto: string;
  host: string;
}

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/** "::ffff:127.0.0.1" → "127.0.0.1", so IPv4 rules match IPv4 clients on a dual-stack socket. */
function plainAddress(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/**
 * Parses TRUST_PROXY: a comma list of addresses, CIDR ranges and the names `loopback`, `private`,
 * `linklocal`. Throws on anything else, naming the entry.
 */
export function parseTrustedProxies(spec: string): net.BlockList {
  const list = new net.BlockList();
  const entries = spec.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries.flatMap((e) => NAMED[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    const prefix = bits === undefined ? undefined : Number(bits);
    if (!type || (prefix !== undefined && (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128)))) {
      throw new Error(`TRUST_PROXY entry "${entry}" must be an IP address, a CIDR range, loopback, private or linklocal`);
    }
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

function isTrusted(list: net.BlockList, address: string): boolean {
  const type = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return type !== null && list.check(address, type);
}

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;

/**
 * The client behind a request. From a trusted proxy: the right-most X-Forwarded-For entry that is not
 * itself a trusted proxy, and that proxy's X-Forwarded-Proto/-Host. From anyone else: the socket.
 */
export function forwardedOf(req: http.IncomingMessage, trusted: net.BlockList): Forwarded {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  const ownHost = req.headers.host ?? 'localhost';
  if (!isTrusted(trusted, peer)) return { clientIp: peer, proto: 'http', host: ownHost };
  const chain = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map(plainAddress)
    .filter((a) => net.isIP(a) !== 0);
  let clientIp = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    clientIp = chain[i]!;
    if (!isTrusted(trusted, clientIp)) break;
  }
  const proto = firstValue(req.headers['x-forwarded-proto']);
  return {
    clientIp,
    proto: proto === 'https' || proto === 'http' ? proto : 'http',
    host: firstValue(req.headers['x-forwarded-host']) ?? ownHost,
  };
}
