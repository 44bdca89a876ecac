// Channels for the bench: the local fake Meta and fake X (apps/integrations-service/src/testing/) as
// processes of their own, an owner's Facebook page or X account connected through the real OAuth
// redirects, and signed Messenger and X webhook bodies.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withDb } from './owners.mjs';
import { spawnNode } from './processes.mjs';

/** The fake's default page (fake-meta.ts): every bench owner connects this one, in turn. */
export const FAKE_PAGE_ID = '20001';

/**
 * Starts a fake provider (`fake-meta` or `fake-x`, under apps/integrations-service/src/testing/) on
 * `port` with `env` (its port, webhook URL and the stack's app credentials). Resolves with its base URL
 * once it answers.
 */
export async function startFake(name, { root, port, env, logFile }) {
  const url = `http://127.0.0.1:${port}`;
  spawnNode(name, path.join(root, `apps/integrations-service/src/testing/${name}/main.ts`), [], {
    cwd: root,
    nodeArgs: ['-r', '@swc-node/register'],
    env: { ...process.env, SWC_NODE_PROJECT: path.join(root, 'tsconfig.json'), ...env },
    stdio: ['ignore', logFile, logFile],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/_fake/sent`)).ok) return url;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the ${name} did not answer on ${url} within 20 s`);
}

/**
 * Starts the fake Meta on `port`, posting its delivery/read webhooks to `webhookUrl`, with the stack's
 * app credentials.
 */
export function startFakeMeta({ root, port, webhookUrl, env, logFile }) {
  return startFake('fake-meta', {
    root,
    port,
    logFile,
    env: {
      FAKE_META_PORT: String(port),
      FAKE_META_WEBHOOK_URL: webhookUrl,
      META_APP_ID: env.META_APP_ID,
      META_APP_SECRET: env.META_APP_SECRET,
    },
  });
}

/**
 * Connects the fake's Facebook page to `owner` the way a browser does: connect → Meta's dialog (the fake
 * approves at once) → the callback → /dashboard?connected=facebook. A page left connected to an owner of
 * an interrupted run is released first (one page belongs to one owner).
 */
export function connectFacebook(ctx, owner) {
  return connectThroughFake(ctx, owner, 'facebook', FAKE_PAGE_ID);
}

/**
 * Connects `platform` to `owner` as a browser does: connect → the fake provider's consent page (it approves
 * at once) → the callback → /dashboard?connected={platform}. `pageId`, left connected to an owner of an
 * interrupted run, is released first.
 */
export async function connectThroughFake(ctx, owner, platform, pageId) {
  await withDb(ctx.env.DATABASE_URL, (db) =>
    db.query(`delete from integrations_service.pages where platform = $1 and page_id = $2`, [
      platform,
      pageId,
    ]),
  );
  const headers = { cookie: owner.cookie, origin: ctx.gatewayUrl };
  const connect = await fetch(`${ctx.gatewayUrl}/api/auth/${platform}/connect`, { headers });
  if (!connect.ok) throw new Error(`connect answered ${connect.status}: ${await connect.text()}`);
  const { authUrl } = await connect.json();
  const dialog = await fetch(authUrl, { redirect: 'manual' });
  const callback = dialog.headers.get('location');
  if (!callback) throw new Error(`the fake's dialog answered ${dialog.status} without a redirect`);
  const done = await fetch(callback, { headers, redirect: 'manual' });
  const landed = done.headers.get('location') ?? '';
  if (!landed.includes(`connected=${platform}`))
    throw new Error(`the callback ended on ${landed || done.status}`);
}

/** A Messenger text message from customer `psid` to the page, as Meta posts it. */
export function messengerText({ psid, text, mid, timestamp = Date.now() }) {
  return {
    object: 'page',
    entry: [
      {
        id: FAKE_PAGE_ID,
        time: timestamp,
        messaging: [
          {
            sender: { id: psid },
            recipient: { id: FAKE_PAGE_ID },
            timestamp,
            message: { mid, text },
          },
        ],
      },
    ],
  };
}

/** The X-Hub-Signature-256 header of `payload` (a string) under the app secret. */
export function signature(appSecret, payload) {
  return `sha256=${createHmac('sha256', appSecret).update(payload).digest('hex')}`;
}

/** The fake X's default account (fake-x.ts): every bench owner connects this one, in turn. */
export const FAKE_X_ACCOUNT_ID = '1570000000000000001';

/** Starts the fake X on `port`, posting its webhooks to `webhookUrl`, with the stack's X app credentials. */
export function startFakeX({ root, port, webhookUrl, env, logFile }) {
  return startFake('fake-x', {
    root,
    port,
    logFile,
    env: {
      FAKE_X_PORT: String(port),
      FAKE_X_WEBHOOK_URL: webhookUrl,
      X_CLIENT_ID: env.X_CLIENT_ID,
      X_CLIENT_SECRET: env.X_CLIENT_SECRET,
      X_CONSUMER_SECRET: env.X_CONSUMER_SECRET,
      X_WEBHOOK_ID: env.X_WEBHOOK_ID,
      X_APP_BEARER_TOKEN: env.X_APP_BEARER_TOKEN,
    },
  });
}

/** A direct message from customer `userId` to the fake's X account, as X's Account Activity API posts it. */
export function xDirectMessage({ userId, text, id, timestamp = Date.now() }) {
  return {
    for_user_id: FAKE_X_ACCOUNT_ID,
    direct_message_events: [
      {
        type: 'message_create',
        id,
        created_timestamp: String(timestamp),
        message_create: {
          target: { recipient_id: FAKE_X_ACCOUNT_ID },
          sender_id: userId,
          message_data: { text, entities: { hashtags: [], symbols: [], user_mentions: [], urls: [] } },
        },
      },
    ],
    users: {
      [userId]: { id: userId, name: `Customer ${userId.slice(-4)}`, screen_name: `c${userId}` },
      [FAKE_X_ACCOUNT_ID]: { id: FAKE_X_ACCOUNT_ID, name: 'Parley Shop', screen_name: 'parleyshop' },
    },
  };
}

/** The x-twitter-webhooks-signature of `payload` (a string) under the consumer secret. */
export function xSignature(consumerSecret, payload) {
  return `sha256=${createHmac('sha256', consumerSecret).update(payload).digest('base64')}`;
}
