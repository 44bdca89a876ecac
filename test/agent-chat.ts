import {
  type CreateProductDto,
  type KnowledgeItemDto,
  type MessageResponse,
  PRODUCTS_SUBJECTS,
  type TestAgentResponse,
  workspaceActor,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { until } from '@parley/server-kit/testing';
import { call } from './http';
import type { Stack } from './start-stack';

/** Helpers of the agent's system tests: seeding a catalogue and a knowledge base, and the test chat. */

/** Seeds a product over NATS as the owner, the way the gateway's POST /api/products forwards it. */
export function createProduct(stack: Stack, ownerId: string, product: CreateProductDto): Promise<unknown> {
  const messaging = stack.services.get('messaging-service');
  if (!messaging) throw new Error('messaging-service is not running');
  return messaging.app
    .get(ServiceClient)
    .send(PRODUCTS_SUBJECTS.create, product, { actor: workspaceActor(ownerId) });
}

/** Creates a knowledge item and switches it off at once: the agent must never use it. */
export async function switchedOffKnowledge(
  stack: Stack,
  cookie: string,
  item: KnowledgeItemDto,
): Promise<void> {
  const created = await call<{ id: string }>(`${stack.url}/api/ai/knowledge`, { body: item, cookie });
  expect(created.status).toBe(201);
  const off = await call(`${stack.url}/api/ai/knowledge/${created.body.id}`, {
    method: 'PATCH',
    body: { isActive: false },
    cookie,
  });
  expect(off.status).toBe(200);
}

/** The test chat's answer to `message`. */
export async function testAgentAnswer(stack: Stack, cookie: string, message: string): Promise<string> {
  const res = await call<TestAgentResponse>(`${stack.url}/api/ai/test-agent`, {
    body: { message, platform: 'test' },
    cookie,
  });
  expect(res.status).toBe(200);
  return res.body.response;
}

/**
 * Simulates a customer message and waits for the AI's reply to it: the first outgoing message of the thread stamped
 * at or after the moment it was sent.
 */
export async function aiReplyTo(
  stack: Stack,
  cookie: string,
  message: { platform: 'whatsapp' | 'instagram' | 'facebook'; username: string; content: string },
): Promise<MessageResponse> {
  const started = new Date().toISOString();
  const { platform, username, content } = message;
  const sent = await call<{ customerId: string }>(`${stack.url}/api/simulate-message`, {
    body: { platform, content, platformUsername: username, senderName: username },
    cookie,
  });
  expect(sent.status).toBe(201);
  return until('the reply', async () => {
    const thread = await call<MessageResponse[]>(
      `${stack.url}/api/messages?customerId=${sent.body.customerId}`,
      { cookie },
    );
    return thread.body.find((m) => m.direction === 'outgoing' && m.timestamp >= started);
  });
}
