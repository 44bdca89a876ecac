// Shared by the webhook scenarios (52, 53 for Meta; 54, 55 for X): an owner with the fake's Facebook page or
// X account connected receives signed customer messages on POST /api/webhooks/{source}, bodies varied over
// ~1000 customers and 12 texts (52's floor posts the same bodies).
import { randomUUID } from 'node:crypto';
import {
  connectFacebook,
  connectThroughFake,
  FAKE_X_ACCOUNT_ID,
  messengerText,
  signature,
  xDirectMessage,
  xSignature,
} from './channels.mjs';
import { ingestBody } from './ingest.mjs';
import { createOwner, purgeStaleOwners, retireOwner, setAutoRespond, withDb } from './owners.mjs';

/**
 * How each source is connected and signed: `signed(secret, n, run)` is the n-th webhook (a new message,
 * its own id, from one of ~1000 customers) with the header that signs it under the source's `secret`.
 */
const CHANNELS = {
  meta: {
    platform: 'facebook',
    secret: (env) => env.META_APP_SECRET,
    connect: (ctx, owner) => connectFacebook(ctx, owner),
    signed(secret, n, run) {
      const { content } = ingestBody(n);
      const psid = `9${String((n * 7919) % 1000).padStart(6, '0')}`;
      const body = JSON.stringify(messengerText({ psid, text: content, mid: `m_${run}_${n}` }));
      return { body, headers: { 'x-hub-signature-256': signature(secret, body) } };
    },
  },
  x: {
    platform: 'twitter',
    secret: (env) => env.X_CONSUMER_SECRET,
    connect: (ctx, owner) => connectThroughFake(ctx, owner, 'twitter', FAKE_X_ACCOUNT_ID),
    signed(secret, n, run) {
      const { content } = ingestBody(n);
      const userId = `28${String((n * 7919) % 1000).padStart(6, '0')}`;
      const body = JSON.stringify(xDirectMessage({ userId, text: content, id: `${run}_${n}` }));
      return { body, headers: { 'x-twitter-webhooks-signature': xSignature(secret, body) } };
    },
  },
};

/**
 * autocannon options that POST the n-th signed webhook of `source` on the n-th request, and how many were
 * posted so far: { options, posted() }. Also the bodies of 52-meta-webhook's floor.
 */
export function signedWebhookRequests(secret, source = 'meta') {
  const channel = CHANNELS[source];
  const run = randomUUID().slice(0, 8);
  let counter = 0;
  return {
    options: {
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            const { body, headers } = channel.signed(secret, counter++, run);
            return {
              ...req,
              body,
              headers: { ...req.headers, 'content-type': 'application/json', ...headers },
            };
          },
        },
      ],
    },
    posted: () => counter,
  };
}

/**
 * POST /api/webhooks/{source} at `connections` as the provider would (signed), to a fresh owner whose page
 * or account is connected, with auto-respond on and a 300 s delay (no reply runs while we measure).
 * Afterwards the owner's channel is disconnected, its jobs removed and its rows deleted. Returns
 * { ours, stored }.
 */
export async function measureWebhooks(ctx, { connections = 50, source = 'meta' } = {}) {
  const channel = CHANNELS[source];
  await purgeStaleOwners(ctx.env.DATABASE_URL);
  const owner = await createOwner(ctx, 'webhooks');
  const webhooks = signedWebhookRequests(channel.secret(ctx.env), source);
  try {
    await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 300 });
    await channel.connect(ctx, owner);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/webhooks/${source}`, {
      connections,
      ...webhooks.options,
    });
    // The job turns acknowledged events into messages a moment later: wait for the queue to drain.
    const stored = await drained(ctx, owner.id, webhooks.posted());
    return { ours, stored };
  } finally {
    await fetch(`${ctx.gatewayUrl}/api/social-integrations/${channel.platform}`, {
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
