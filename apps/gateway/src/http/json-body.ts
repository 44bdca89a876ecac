import type { FastifyInstance } from 'fastify';

/** Deeper than any request of ours (the deepest is two levels); deeper bodies are refused unparsed. */
export const MAX_JSON_DEPTH = 64;

/**
 * A body that could not be read: it reaches the handler in place of the data, so that guards (the rate
 * limiter) count the attempt first, and the validation pipe then refuses it with this message.
 */
export class RejectedBody {
  constructor(readonly message: string) {}
}

/**
 * JSON bodies: nesting is checked by one scan of the text before parsing, so a deeply nested body (say
 * 400 000 `[`) costs what a flat body of its size does instead of a long parse and a stack overflow
 * further on (docs/performance.md, "Figures moved from code comments").
 * Parsing is Fastify's own (its prototype-poisoning checks included).
 */
export function useJsonBodies(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (nestingExceeds(text, MAX_JSON_DEPTH)) {
      done(null, new RejectedBody(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep`));
      return;
    }
    void parse(req, text, (error, value) => {
      done(null, error ? new RejectedBody('The request body is not valid JSON') : value);
    });
  });
}

/** Whether JSON text opens more than `max` objects or arrays inside each other (strings are skipped). */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
