import net from 'node:net';

/**
 * How a dependency (PostgreSQL, Redis) can fail between the API and itself: `pass` forwards; `refuse`
 * resets every connection and refuses new ones (the server is down: the API hears it at once);
 * `blackhole` accepts and forwards nothing either way (a failover, a dropped route: no reset ever comes).
 * Connections accepted during a black-hole stay dead after `pass`, as they would on a real network.
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to `target`, whose failure mode a test switches. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    if (mode === 'blackhole') {
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // checked per chunk: a connection opened while passing goes silent when the mode turns
    client.on('data', (chunk: Buffer) => mode === 'pass' && upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => mode === 'pass' && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    setMode(next) {
      mode = next;
      if (next === 'refuse') for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
