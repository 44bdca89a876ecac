import {
  type Agent,
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a route answers: a JSON `body` or an HTML page, with a status and headers. */
export interface Answer {
  status: number;
  body?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });

export function htmlPage(status: number, title: string, text: string): Answer {
  return { status, html: `<!doctype html><title>${title}</title><h1>${title}</h1><p>${text}</p>` };
}

export function writeAnswer(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string | number> = { ...answer.headers };
  let payload = '';
  if (answer.html !== undefined) {
    headers['content-type'] = 'text/html; charset=utf-8';
    payload = answer.html;
  } else if (answer.body !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    payload = JSON.stringify(answer.body);
  }
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(answer.status, headers).end(payload);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export const INVALID_JSON = Symbol('invalid JSON');

/** The parsed body, `undefined` when empty, INVALID_JSON when it is not JSON. */
export function parseJson(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

/** A JSON value read field by field: anything that is not an object reads as an empty one. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** POSTs `body` to an http:// URL and resolves with the status and the answer's text. */
export function post(
  agent: Agent,
  url: string,
  body: string,
  headers: Record<string, string | number>,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`POST ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A fake provider's HTTP server on 127.0.0.1: started once, stopped with its open connections. */
export class FakeHttpServer {
  private server: Server | undefined;
  private address: string | undefined;

  constructor(
    /** The fake's name, in errors. */
    private readonly name: string,
    private readonly handle: (req: IncomingMessage, res: ServerResponse) => void,
  ) {}

  /** Listens on `port` (0: a free one). */
  async start(port: number): Promise<void> {
    if (this.server) throw new Error(`${this.name} is already started`);
    const server = createServer(this.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    this.server = server;
    this.address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  get url(): string {
    if (!this.address) throw new Error(`${this.name} is not started`);
    return this.address;
  }
}
