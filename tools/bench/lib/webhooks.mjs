// Shared by the webhook scenarios (52, 53): an owner with the fake's Facebook page connected receives
// signed Messenger messages on POST /api/webhooks/meta, bodies varied over ~1000 customers and 12 texts
// (52's floor posts the same bodies).
import { randomUUID } from 'node:crypto';
import { connectFacebook, messengerText, signature } from './channels.mjs';
import { ingestBody } from './ingest.mjs';
import { createOwner, purgeStaleOwners, retireOwner, setAutoRespond, withDb } from './owners.mjs';

/** The n-th signed webhook: a new message (its own mid) from one of ~1000 customers. */
function signedWebhook(appSecret, n, run) {
  const { content } = ingestBody(n);
  const body = JSON.stringify(
    messengerText({ psid: `9${String((n * 7919) % 1000).padStart(6, '0')}`, text: content, mid: `m_${run}_${n}` }),
  );
  return { body, signature: signature(appSecret, body) };
}

/**
 * autocannon options that POST the n-th signed webhook (signedWebhook) on the n-th request, and how many
 * were posted so far: { options, posted() }. Also the bodies of 52-meta-webhook's floor.
 */
export function signedWebhookRequests(appSecret) {
  const run = randomUUID().slice(0, 8);
  let counter = 0;
  return {
    options: {
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            const { body, signature: sig } = signedWebhook(appSecret, counter++, run);
            return {
              ...req,
              body,
              headers: { ...req.headers, 'content-type': 'application/json', 'x-hub-signature-256': sig },
            };
          },
        },
      ],
    },
    posted: () => counter,
  };
}

/**
 * POST /api/webhooks/meta at `connections` as Meta would (signed), to a fresh owner whose page is
 * connected, with auto-respond on and a 300 s delay (no reply runs while we measure). Afterwards the
 * owner's page is disconnected, its jobs removed and its rows deleted. Returns { ours, stored }.
 */
export async function measureWebhooks(ctx, { connections = 50 } = {}) {
  await purgeStaleOwners(ctx.env.DATABASE_URL);
  const owner = await createOwner(ctx, 'webhooks');
  const webhooks = signedWebhookRequests(ctx.env.META_APP_SECRET);
  try {
    await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 300 });
    await connectFacebook(ctx, owner);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/webhooks/meta`, { connections, ...webhooks.options });
    // The job turns acknowledged events into messages a moment later: wait for the queue to drain.
    const stored = await drained(ctx, owner.id, webhooks.posted());
    return { ours, stored };
  } finally {
    await fetch(`${ctx.gatewayUrl}/api/social-integrations/facebook`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
    }).catch(() => undefined);
    await retireOwner(ctx, owner);
  }
}

/** Waits (up to 60 s) until the owner's stored messages stop growing; returns what was stored. */
async function drained(ctx, ownerId, posted) {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const row = await withDb(ctx.env.DATABASE_URL, async (db) => {
      const { rows } = await db.query(
        `select count(*)::int as messages, count(distinct customer_id)::int as customers
           from messaging_service.messages where owner_id = $1`,
        [ownerId],
      );
      return rows[0];
    });
    if (row.messages === last) return { ...row, posted };
    last = row.messages;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { messages: last, customers: undefined, posted };
}

export function storedNote({ messages, customers, posted }) {
  return (
    `${posted.toLocaleString('en-US')} signed events posted (warm-up included) became ` +
    `${messages.toLocaleString('en-US')} messages from ${customers ?? '?'} customers once the queue drained`
  );
}
