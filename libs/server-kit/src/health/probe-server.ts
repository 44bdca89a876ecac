import { createServer, type Server } from 'node:http';

export type ReadinessCheck = () => Promise<Record<string, boolean>>;

/**
 * Kubernetes probes for a service that has no HTTP of its own: GET /livez (the process runs) and
 * GET /readyz (its connections work: 200, or 503 naming what is down).
 */
export function startProbeServer(port: number, ready: ReadinessCheck): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return send(405, { message: 'Method not allowed' });
    if (req.url === '/livez') return send(200, { status: 'ok' });
    if (req.url !== '/readyz') return send(404, { message: 'Not found' });
    ready().then(
      (components) => {
        const ok = Object.values(components).every(Boolean);
        const shown = Object.fromEntries(Object.entries(components).map(([k, v]) => [k, v ? 'up' : 'down']));
        send(ok ? 200 : 503, { status: ok ? 'ok' : 'down', components: shown });
      },
      () => send(503, { status: 'down' }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
