import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built web app. Files are served by @fastify/static; every other GET outside /api gets index.html
 * so the client-side router can take over (SPA fallback).
 */
export class WebApp {
  readonly root: string;
  private readonly indexHtml?: string;

  constructor(webDir: string) {
    this.root = path.resolve(webDir);
    const index = path.join(this.root, 'index.html');
    this.indexHtml = existsSync(index) ? readFileSync(index, 'utf8') : undefined;
  }

  get built(): boolean {
    return this.indexHtml !== undefined;
  }

  /** Sends index.html for a browser navigation; false when the request is not one. */
  serveIndex(req: FastifyRequest, reply: FastifyReply): boolean {
    if (!this.indexHtml || (req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.url))
      return false;
    void reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(this.indexHtml);
    return true;
  }
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
