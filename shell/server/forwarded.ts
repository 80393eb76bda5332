// Who is the client, and which host and scheme did it ask for? The X-Forwarded-* headers answer that only
// when the request comes from a proxy this server was told to trust (TRUST_PROXY); from anyone else they
// are the client's own words, so the socket's address stands instead. Without this, a client picks its own
// IP (and escapes every per-IP limit) by sending a new X-Forwarded-For each time.
// The host is never a client's word either: without a trusted proxy's X-Forwarded-Host it is the address
// this server listens on — the Host header only picks among that address's own names (localhost,
// 127.0.0.1, [::1], the interface the connection came in on; same port), so a browser on any of them
// stays on its own origin, and "Host: evil.example" gets the listening address.
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
export function forwardedOf(req: http.IncomingMessage, trusted: net.BlockList, bindHost = '0.0.0.0'): Forwarded {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  if (!isTrusted(trusted, peer)) return { clientIp: peer, proto: 'http', host: listeningHost(req, bindHost) };
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
    host: plainHost(firstValue(req.headers['x-forwarded-host'])) ?? listeningHost(req, bindHost),
  };
}

const EVERY_INTERFACE = new Set(['', '0.0.0.0', '::']);
const isLoopback = (address: string) => address === 'localhost' || (net.isIPv4(address) && address.startsWith('127.')) || address === '::1';
const hostName = (address: string) => (net.isIPv6(address) ? `[${address}]` : address);

/** "host[:port]" as a URL's host (lower case, default port dropped), or null for anything but a plain host. */
function plainHost(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(`http://${value}`);
    return url.username || url.password || url.pathname !== '/' || url.search || url.hash || /[/?#@\\]/.test(value) ? null : url.host;
  } catch {
    return null;
  }
}

/**
 * The host this server listens on, for this connection: the Host header when it is one of the listening
 * address's own names on the listening port, else its first name. Bound to every interface or to
 * loopback, the first name is `localhost` (what `pnpm start` prints and people open: a page's links must
 * stay on the host its cookies belong to); bound to one address or name, that address or name.
 */
export function listeningHost(req: http.IncomingMessage, bindHost: string): string {
  const port = req.socket.localPort ?? 80;
  const bind = plainAddress(bindHost).replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const everywhere = EVERY_INTERFACE.has(bind);
  // bound everywhere, the address a connection came in on is one of ours too (a LAN address, say)
  const local = plainAddress(req.socket.localAddress ?? '');
  const names =
    everywhere || isLoopback(bind)
      ? ['localhost', '127.0.0.1', '[::1]', ...(everywhere && net.isIP(local) && !isLoopback(local) ? [hostName(local)] : [])]
      : [hostName(bind)];
  const hosts = names.map((name) => plainHost(`${name}:${port}`)).filter((h): h is string => h !== null);
  const asked = plainHost(req.headers.host);
  return asked && hosts.includes(asked) ? asked : (hosts[0] ?? `localhost:${port}`);
}
