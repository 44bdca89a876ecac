import { LIST_NEXT_CURSOR_HEADER, PAGE_NEXT_CURSOR_HEADER } from '@parley/contracts';
import type { RawAnswer } from '@parley/server-kit';
import type { FastifyReply } from 'fastify';

/**
 * A list page as a service answers it (a RawReply: the items as JSON, the next cursor in
 * PAGE_NEXT_CURSOR_HEADER), sent on as the HTTP body without parsing it. Lists answer a plain array (the
 * spec's contract); the next page's cursor travels in LIST_NEXT_CURSOR_HEADER.
 */
export function listPage(reply: FastifyReply, answer: RawAnswer): Buffer {
  const nextCursor = answer.header(PAGE_NEXT_CURSOR_HEADER);
  if (nextCursor) void reply.header(LIST_NEXT_CURSOR_HEADER, nextCursor);
  void reply.type('application/json; charset=utf-8');
  return Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
}
