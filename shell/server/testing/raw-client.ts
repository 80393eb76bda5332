// A client on one raw connection, for the gateways' tests (proxy.test.ts: the `pnpm start` gateway,
// nginx-gateway.test.ts: nginx): it writes exactly what it is given and reads answers as the bytes come,
// so a test sees the headers, the framing and the connection as a browser's HTTP stack would.
import net from 'node:net';

/** One answer: its status line and code, its headers in order (names in lower case), its body. */
export interface RawAnswer {
  statusLine: string;
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** The first whole answer in `buf` (body by Content-Length or chunks) and its length in bytes; null until it is all there. */
export function parseAnswer(buf: Buffer): { length: number; answer: RawAnswer } | null {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = buf.subarray(0, end).toString('latin1').split('\r\n');
  const headers = lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]);
  const get = (name: string) => headers.find(([k]) => k === name)?.[1];
  let at = end + 4;
  let body = '';
  if (get('transfer-encoding') === 'chunked') {
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
      if (size === 0) {
        const trailerEnd = buf.indexOf('\r\n\r\n', lineEnd);
        if (trailerEnd < 0) return null;
        at = trailerEnd + 4;
        break;
      }
      if (buf.length < lineEnd + 2 + size + 2) return null;
      body += buf.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8');
      at = lineEnd + 2 + size + 2;
    }
  } else {
    const length = Number(get('content-length') ?? 0);
    if (buf.length < at + length) return null;
    body = buf.subarray(at, at + length).toString('utf8');
    at += length;
  }
  return { length: at, answer: { statusLine, status: Number(statusLine.split(' ')[1]), headers, body } };
}

/** The names of an answer's headers, in order. */
export const names = (headers: Array<[string, string]>) => headers.map(([k]) => k);
/** Every value of one header (name in lower case). */
export const header = (headers: Array<[string, string]>, name: string) => headers.filter(([k]) => k === name).map(([, v]) => v);

/** A client on one raw connection to 127.0.0.1:`port`: writes what it is given, reads answers as the bytes come. */
export function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let closed = false;
  let failed: Error | null = null;
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on('close', () => (closed = true));
  socket.on('error', (err) => (failed = err));
  /** The next whole answer, taken off what was read; fails when the connection ends or `timeoutMs` passes first. */
  async function answer(timeoutMs = 5000): Promise<RawAnswer> {
    for (const deadline = Date.now() + timeoutMs; ; ) {
      const parsed = parseAnswer(received);
      if (parsed) {
        received = received.subarray(parsed.length);
        return parsed.answer;
      }
      if (closed || failed || Date.now() > deadline) throw new Error(`no answer (${failed ? String(failed) : closed ? 'closed' : 'timed out'}), read: ${JSON.stringify(received.toString('latin1').slice(0, 300))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const ready = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, answer, ready, isClosed: () => closed };
}
