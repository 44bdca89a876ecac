import { webhookSource, webhookSubject } from './integrations.subjects';

describe('webhook subjects', () => {
  it('names the channel in the middle, and reads it back with or without a NATS prefix', () => {
    expect(webhookSubject('meta', 'receive')).toBe('integrations.webhooks.meta.receive');
    expect(webhookSource('integrations.webhooks.meta.verify')).toBe('meta');
    expect(webhookSource('staging.integrations.webhooks.x.receive')).toBe('x');
  });

  it('reads no channel from another subject', () => {
    expect(webhookSource('integrations.webhooks.meta.store')).toBeUndefined();
    expect(webhookSource('integrations.deliveries.enqueue')).toBeUndefined();
    expect(webhookSource('xintegrations.webhooks.meta.verify')).toBeUndefined();
  });
});
