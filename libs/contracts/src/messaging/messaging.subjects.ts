/** messaging-service: customers, messages, leads, AI configuration, the agent, stats. */
export const MESSAGING_SUBJECTS = {
  /** IngestMessageData → IngestMessageResult: a simulated message or one from a connected channel. */
  ingestMessage: 'messaging.messages.ingest',
  /**
   * ChannelEchoData → `{ stored }`: a person answered from the page's own inbox. Stored as an outgoing
   * message (once per platform message id) and the AI pauses for that customer.
   */
  recordEcho: 'messaging.messages.echo',
  /**
   * EmailInThreadData → `{ stored }` (marketing-service): a mail sent to a customer's subscriber, shown in their
   * thread; stored once per delivery id. NOT_FOUND for a customer the owner (the actor) does not have.
   */
  recordEmail: 'messaging.messages.record-email',
  /** DeliveryStatusData → `{ updated }`: integrations-service reports where an outgoing message stands. */
  updateDeliveryStatus: 'messaging.messages.delivery-status',
  /** SendMessageDto → MessageResponse: the Social Media panel's Send Message, a person writing. */
  sendToRecipient: 'messaging.messages.send',
  /** ListConversationsQueryDto → a page of ConversationResponse (pageReply). */
  listConversations: 'messaging.conversations.list',
  /** `{ customerId }` → ConversationResponse; NOT_FOUND for another owner's. */
  getConversation: 'messaging.conversations.get',
  /** `{ customerId, changes: UpdateConversationDto }` → ConversationResponse; NOT_FOUND for another owner's. */
  updateConversation: 'messaging.conversations.update',
  /**
   * auth-service, when a member is removed: `{ userId }` → `{ unassigned }`, every conversation of the actor's
   * workspace assigned to them becomes unassigned (docs/teams.md, "Assignment"). No HTTP route leads here.
   */
  unassignMember: 'messaging.conversations.unassign-member',
  /** `{ id, changes: UpdateContactDto }` → CustomerResponse: the inbox's contact panel. */
  updateContact: 'messaging.customers.update-contact',
  /**
   * ChannelCustomerNameData → `{ updated }`: integrations-service read a channel customer's profile name (a
   * first name, or a changed one). The customer and their messages take it; the owner's tabs are told.
   */
  nameChannelCustomer: 'messaging.customers.channel-name',
  /**
   * LeaseCustomerEventsData → CustomerEventRecord[] (marketing-service, no actor: every owner's), oldest first:
   * stages reached and leads opened that no consumer holds; each is held for the lease, then offered again
   * unless acknowledged.
   */
  leaseCustomerEvents: 'messaging.customer-events.lease',
  /** AckCustomerEventsData → `{ deleted }`: the events were handled. */
  ackCustomerEvents: 'messaging.customer-events.ack',
  /** `{ customerId }` → LeadResponse[], newest first. */
  listCustomerLeads: 'messaging.customers.leads',
  /** `{ customerId }` → StageChangeResponse[], newest first (issue 34: who moved the customer, and why). */
  stageHistory: 'messaging.customers.stage-history',
  /** `{ customerId, changeId }` → CustomerResponse: an AI move undone, as a person's move back. */
  undoStageChange: 'messaging.customers.stage-undo',
  /** `{}` → StageSuggestionResponse[]: the AI's pending stage suggestions, newest first. */
  listStageSuggestions: 'messaging.customers.stage-suggestions',
  /** `{ customerId }` → CustomerResponse: the suggestion accepted (a person's move, with the AI's evidence). */
  acceptStageSuggestion: 'messaging.customers.stage-suggestion.accept',
  /** `{ customerId }` → `{}`: the suggestion dismissed. */
  dismissStageSuggestion: 'messaging.customers.stage-suggestion.dismiss',
  /** PipelineQueryDto → PipelineResponse: each stage's customers counted and their leads' value summed. */
  pipeline: 'messaging.customers.pipeline',
  listMessages: 'messaging.messages.list',
  /**
   * `{ customerId }` → WhatsAppTemplateResponse[]: the approved templates a person may send a WhatsApp
   * customer; NOT_FOUND for another owner's, CONFLICT for one who did not write through a connected number.
   */
  listTemplates: 'messaging.messages.templates',
  /** `{ customerId, template: SendTemplateDto }` → MessageResponse: a person sends an approved template. */
  sendTemplate: 'messaging.messages.send-template',
  replyToCustomer: 'messaging.messages.reply',
  listCustomers: 'messaging.customers.list',
  /** `{ id }` → CustomerResponse: one customer (the thread reads its window and AI pause); NOT_FOUND otherwise. */
  getCustomer: 'messaging.customers.get',
  createCustomer: 'messaging.customers.create',
  updateCustomer: 'messaging.customers.update',
  getAiConfig: 'messaging.ai-config.get',
  saveAiConfig: 'messaging.ai-config.save',
  testAgent: 'messaging.agent.test',
  /** StatsQueryDto → StatsResponse. */
  getStats: 'messaging.stats.get',
  /** ReportQueryDto → ReportOverviewResponse (docs/reports.md). */
  reportOverview: 'messaging.reports.overview',
  /** ReportQueryDto → ReportTimeseriesResponse. */
  reportTimeseries: 'messaging.reports.timeseries',
  /** ReportQueryDto → ReportFunnelResponse. */
  reportFunnel: 'messaging.reports.funnel',
  /** ReportQueryDto → ReportChannelsResponse. */
  reportChannels: 'messaging.reports.channels',
  /** ReportQueryDto → ReportExport: the time series as CSV. */
  reportExport: 'messaging.reports.export',
  /** `{}` → TestDataDeletedResponse: the owner's simulated customers and everything on them, in one transaction. */
  deleteTestData: 'messaging.test-data.delete',
  /** `{}` → KnowledgeItemResponse[]. */
  listKnowledge: 'messaging.knowledge.list',
  /** KnowledgeItemDto → KnowledgeItemResponse. */
  createKnowledge: 'messaging.knowledge.create',
  /** `{ id, changes }` → KnowledgeItemResponse; NOT_FOUND for an id the owner does not have. */
  updateKnowledge: 'messaging.knowledge.update',
  /** `{ id }` → `{ id }`. */
  deleteKnowledge: 'messaging.knowledge.delete',
  /** `{}` → KnowledgeConflictResponse[]: active items stating a price the catalogue disagrees with. */
  knowledgeConflicts: 'messaging.knowledge.conflicts',
  /** CreateReplayDto → `{ id }`: a replay of the owner's latest customer messages with a draft change, queued. */
  createReplay: 'messaging.replays.create',
  /** `{ id }` → ReplayResponse; NOT_FOUND for another owner's or one past REPLAY_KEPT_DAYS. */
  getReplay: 'messaging.replays.get',
  /** `{}` → TestCaseResponse[]: the owner's saved test-chat cases, newest first. */
  listTestCases: 'messaging.test-cases.list',
  /** SaveTestCaseDto → TestCaseResponse. */
  saveTestCase: 'messaging.test-cases.save',
  /** `{ id }` → `{ id }`; NOT_FOUND for an id the owner does not have. */
  deleteTestCase: 'messaging.test-cases.delete',
  /** `{}` → TrainingDocumentResponse[]. */
  listTrainingDocuments: 'messaging.training-documents.list',
  /** `{ uploadKey, fileName, mediaType, fileSize }` (bytes in the UploadStore) → TrainingDocumentResponse. */
  uploadTrainingDocument: 'messaging.training-documents.upload',
  /** `{ id }` → `{ id }`: the document and the passages it produced. */
  deleteTrainingDocument: 'messaging.training-documents.delete',
} as const;
