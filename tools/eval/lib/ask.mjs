// Asking the agent a case, by the two paths a customer message can take: the test chat, answered at once,
// and simulate-message, answered by the reply job and read back from the inbox.
import { api, withDb } from '../../bench/lib/owners.mjs';

const SENDERS = { en: 'Maria Lopes', es: 'Carmen Ruiz', ar: 'سارة أحمد' };
/** Generous: the machines this runs on are small and shared, and a follow-up waits for two replies. */
const REPLY_TIMEOUT_MS = 120_000;

/** POST /api/ai/test-agent → { reply, analysis }. */
export async function askTestChat(ctx, owner, testCase) {
  const { body } = await api(ctx, owner, 'POST', '/api/ai/test-agent', {
    message: testCase.message,
    platform: 'test',
  });
  return { reply: body.response, analysis: body.analysis };
}

/**
 * POST /api/simulate-message as a customer of its own (one per case and run, so conversations never mix),
 * then GET /api/messages of that customer until the AI reply is there. A follow-up case (`previous`) first
 * sends its earlier message as the same customer and waits for that reply (not judged), so the case's
 * message arrives in a conversation that has it. The reply's analysis is not part of the public API: it is
 * read from the stored reply's metadata. → { reply, analysis, needsHuman, status }.
 */
export async function askSimulated(ctx, owner, testCase, runId) {
  const customer = { platformUsername: `eval-${runId}-${testCase.id}`, senderName: SENDERS[testCase.lang] };
  let seen = new Set();
  if (testCase.previous !== undefined) {
    const earlier = await simulate(ctx, owner, customer, testCase.previous, seen);
    if (!earlier.reply) return { reply: '', status: `the earlier message got no reply (${earlier.status})` };
    seen = earlier.seen;
  }
  const answer = await simulate(ctx, owner, customer, testCase.message, seen);
  delete answer.seen;
  return answer;
}

/** One customer message and its AI reply: the first AI reply whose id is not in `seen` (earlier replies). */
async function simulate(ctx, owner, customer, content, seen) {
  const { body: ingested } = await api(ctx, owner, 'POST', '/api/simulate-message', {
    platform: 'whatsapp',
    content,
    ...customer,
  });
  const deadline = Date.now() + REPLY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { body: messages } = await api(
      ctx,
      owner,
      'GET',
      `/api/messages?customerId=${ingested.customerId}&limit=20`,
    );
    const inbound = messages.find((m) => m.id === ingested.messageId);
    const reply = messages.find((m) => m.direction === 'outgoing' && m.aiGenerated && !seen.has(m.id));
    if (reply) {
      const analysis = await withDb(ctx.env.DATABASE_URL, async (db) => {
        const { rows } = await db.query('select metadata from messaging_service.messages where id = $1', [
          reply.id,
        ]);
        return rows[0]?.metadata?.analysis;
      });
      return {
        reply: reply.content,
        analysis,
        needsHuman: inbound?.needsHuman,
        status: inbound?.status,
        seen: new Set([...seen, reply.id]),
      };
    }
    if (inbound?.status === 'failed') return { reply: '', status: 'failed' };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { reply: '', status: `no reply within ${REPLY_TIMEOUT_MS / 1000} s` };
}

/** Runs `fn` over `items`, `concurrency` at a time, keeping their order. */
export async function mapLimit(items, concurrency, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
