import type { MessageResponse } from '@parley/contracts';

const MINUTE = 60_000;

/** A message `minutesAgo` old; pending, incoming, from Jane on Instagram unless told otherwise. */
export function aMessage(
  overrides: Partial<MessageResponse> & { minutesAgo?: number } = {},
): MessageResponse {
  const { minutesAgo = 0, ...fields } = overrides;
  return {
    id: 'm-1',
    customerId: 'c-1',
    customerName: 'Jane Smith',
    platform: 'instagram',
    content: 'Do you ship to Spain?',
    direction: 'incoming',
    status: 'pending',
    aiGenerated: false,
    timestamp: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
    responseTime: null,
    ...fields,
  };
}
