import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy a test can cut, as a network fault or a server restart would: `cut()` closes every
 * connection through it and refuses new ones until `restore()`. Point a service's URL at `port` instead
 * of the real server's.
 */
export interface TcpProxy {
  port: number;
  /** `host:port` of the proxy, to put in a URL in place of the real server's. */
  address: string;
  /** Resolves with how many connections it closed (none: nothing was using the proxy). */
  cut(): Promise<number>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        clients.add(client);
        client.on('close', () => clients.delete(client));
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : 0;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const closing = server;
    const closed = clients.size;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    return closed;
  };

  await listen();
  return {
    port,
    address: `127.0.0.1:${port}`,
    cut: stop,
    restore: async () => {
      if (!server) await listen();
    },
    close: async () => {
      await stop();
    },
  };
}
