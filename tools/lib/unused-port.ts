import net, { type AddressInfo } from 'node:net';

/** For specs: a local port nothing listens on right now, to stand for a server that does not answer. */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
