import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the fake server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (`undefined` when the body was not JSON). */
  body: unknown;
}

/** How the fake server answers one request. */
export type FakeBehaviour =
  /** 200 with a chat completion whose message content is `content` (objects are JSON-encoded). */
  | { kind: 'reply'; content: unknown; finishReason?: string; refusal?: string }
  /**
   * 200 with a chat completion calling tools (`finish_reason: "tool_calls"`): each call's `arguments` is sent as
   * JSON text (a string as it is, so malformed arguments can be sent too); ids are `call_<request>_<index>`.
   */
  | { kind: 'tool-calls'; calls: { name: string; arguments: unknown }[] }
  /** Any status with a JSON error body and optional headers (e.g. 429 + Retry-After). */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Waits `ms` before answering as `then` (default: a valid reply). */
  | { kind: 'delay'; ms: number; then?: FakeBehaviour }
  /** Sends the headers at once and the body only after `ms` (a slow body). */
  | { kind: 'slow-body'; ms: number }
  /** Closes the connection without answering. */
  | { kind: 'drop' };

/** An answer following the strict schema (openai/schema.ts) that cites no product and suggests no stage. */
export const VALID_AGENT_ANSWER = {
  response: 'Hello! The Trail Runner costs 89.9 and is in stock.',
  analysis: { intent: 'pricing', urgency: 'low', lead_potential: 'high' },
  suggested_stage: { stage: null, evidence: '' },
  handoff: { needed: false, reason: null },
  language: 'en',
  cited_product_ids: [],
} as const;

export interface FakeOpenAiServer {
  /** The base URL to give the SDK, ending in `/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Queues behaviours, used one per request in order; when the queue is empty the default answers. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

function completion(model: unknown, message: Record<string, unknown>, finishReason: string): string {
  return JSON.stringify({
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'fake-model',
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: finishReason },
    ],
    usage: { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 },
  });
}

function completionBody(model: unknown, behaviour: Extract<FakeBehaviour, { kind: 'reply' }>): string {
  const content =
    typeof behaviour.content === 'string' ? behaviour.content : JSON.stringify(behaviour.content);
  return completion(model, { content, refusal: behaviour.refusal ?? null }, behaviour.finishReason ?? 'stop');
}

function toolCallsBody(
  model: unknown,
  request: number,
  behaviour: Extract<FakeBehaviour, { kind: 'tool-calls' }>,
): string {
  const toolCalls = behaviour.calls.map((call, index) => ({
    id: `call_${request}_${index}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  return completion(model, { content: null, refusal: null, tool_calls: toolCalls }, 'tool_calls');
}

/**
 * A local OpenAI-compatible chat-completions server (`POST /v1/chat/completions`) on 127.0.0.1 and a
 * free port. It records every request and answers as told, for provider tests without a network.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: 'reply', content: VALID_AGENT_ANSWER };
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const answer = (res: ServerResponse, behaviour: FakeBehaviour, model: unknown): void => {
    if (res.destroyed) return;
    switch (behaviour.kind) {
      case 'reply':
        res.writeHead(200, { 'content-type': 'application/json' }).end(completionBody(model, behaviour));
        return;
      case 'tool-calls':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(toolCallsBody(model, requests.length, behaviour));
        return;
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers }).end(
          JSON.stringify(
            behaviour.body ?? {
              error: { message: `fake error ${behaviour.status}`, type: 'fake', code: null },
            },
          ),
        );
        return;
      case 'delay':
        later(behaviour.ms, () =>
          answer(res, behaviour.then ?? { kind: 'reply', content: VALID_AGENT_ANSWER }, model),
        );
        return;
      case 'slow-body':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        later(behaviour.ms, () => {
          if (!res.destroyed) res.end(completionBody(model, { kind: 'reply', content: VALID_AGENT_ANSWER }));
        });
        return;
      case 'drop':
        res.socket?.destroy();
        return;
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        answer(
          res,
          {
            kind: 'status',
            status: 404,
            body: { error: { message: 'not found', type: 'invalid_request_error' } },
          },
          undefined,
        );
        return;
      }
      const model = (body as { model?: unknown } | undefined)?.model;
      answer(res, queue.shift() ?? fallback, model);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    setDefault: (behaviour) => {
      fallback = behaviour;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
