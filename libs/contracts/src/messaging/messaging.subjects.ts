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
  /** `{}` → KnowledgeItemResponse[]. */
  listKnowledge: 'messaging.knowledge.list',
  /** KnowledgeItemDto → KnowledgeItemResponse. */
  createKnowledge: 'messaging.knowledge.create',
  /** `{ id, changes }` → KnowledgeItemResponse; NOT_FOUND for an id the owner does not have. */
  updateKnowledge: 'messaging.knowledge.update',
  /** `{ id }` → `{ id }`. */
  deleteKnowledge: 'messaging.knowledge.delete',
  /** `{}` → TrainingDocumentResponse[]. */
  listTrainingDocuments: 'messaging.training-documents.list',
  /** `{ uploadKey, fileName, mediaType, fileSize }` (bytes in the UploadStore) → TrainingDocumentResponse. */
  uploadTrainingDocument: 'messaging.training-documents.upload',
  /** `{ id }` → `{ id }`: the document and the passages it produced. */
  deleteTrainingDocument: 'messaging.training-documents.delete',
} as const;
