/** messaging-service: customers, messages, leads, AI configuration, the agent, stats. */
export const MESSAGING_SUBJECTS = {
  ingestMessage: 'messaging.messages.ingest',
  listMessages: 'messaging.messages.list',
  replyToCustomer: 'messaging.messages.reply',
  listCustomers: 'messaging.customers.list',
  createCustomer: 'messaging.customers.create',
  updateCustomer: 'messaging.customers.update',
  getAiConfig: 'messaging.ai-config.get',
  saveAiConfig: 'messaging.ai-config.save',
  testAgent: 'messaging.agent.test',
  getStats: 'messaging.stats.get',
} as const;
