/**
 * marketing-service: an owner's email templates, campaigns and subscribers. Subjects are a wire contract:
 * a breaking change gets a new subject (`….v2`), never a silent field change. Every id that is not the
 * owner's (absent, malformed, another owner's) is NOT_FOUND.
 */
export const EMAIL_SUBJECTS = {
  templates: {
    /** ListEmailQueryDto → a raw page of EmailTemplateResponse, newest first (see PAGE_NEXT_CURSOR_HEADER). */
    list: 'marketing.templates.list',
    /** EmailTemplateDto → EmailTemplateResponse. */
    create: 'marketing.templates.create',
    /** `{ id, changes: UpdateEmailTemplateDto }` → EmailTemplateResponse. */
    update: 'marketing.templates.update',
    /** `{ id }` → `{ id }`; campaigns made from it keep their own copy of the content. */
    delete: 'marketing.templates.delete',
  },
  campaigns: {
    /** ListEmailQueryDto → a raw page of CampaignResponse, newest first. */
    list: 'marketing.campaigns.list',
    /** CampaignDto → CampaignResponse. */
    create: 'marketing.campaigns.create',
    /** `{ id, changes: UpdateCampaignDto }` → CampaignResponse; CONFLICT once the campaign has started sending. */
    update: 'marketing.campaigns.update',
    /** `{ id }` → `{ id }`; CONFLICT while it is sending. */
    delete: 'marketing.campaigns.delete',
    /** `{ id }` → CampaignResponse: draft, scheduled or paused → sending (or scheduled, for a future scheduledAt). */
    send: 'marketing.campaigns.send',
    /** `{ id }` → CampaignResponse: sending or scheduled → paused. */
    pause: 'marketing.campaigns.pause',
    /** `{ id }` → CampaignResponse: paused → sending, from where it stopped. */
    resume: 'marketing.campaigns.resume',
    /** `{ id, changes: TestCampaignDto }` → `{ sent: true }`: one mail to one address, not counted. */
    test: 'marketing.campaigns.test',
    /** `{ id }` → CampaignResultsResponse. */
    results: 'marketing.campaigns.results',
  },
  subscribers: {
    /** ListEmailQueryDto → a raw page of SubscriberResponse, newest first. */
    list: 'marketing.subscribers.list',
    /** SubscriberDto → SubscriberResponse; CONFLICT when the owner has that address (case-insensitively). */
    create: 'marketing.subscribers.create',
    /** `{ id, changes: UpdateSubscriberDto }` → SubscriberResponse. */
    update: 'marketing.subscribers.update',
    /** `{ id }` → `{ id }`. */
    delete: 'marketing.subscribers.delete',
    /** SubscriberImportRequest → SubscriberImportResponse, once the whole file is read and stored. */
    import: 'marketing.subscribers.import',
  },
  sequences: {
    /** ListEmailQueryDto → a raw page of EmailSequenceResponse, newest first. */
    list: 'marketing.sequences.list',
    /** EmailSequenceDto → EmailSequenceResponse; NOT_FOUND for a step's template that is not the owner's. */
    create: 'marketing.sequences.create',
    /** `{ id, changes: UpdateEmailSequenceDto }` → EmailSequenceResponse. */
    update: 'marketing.sequences.update',
    /** `{ id }` → `{ id }`: its subscribers' ways through it end; mails it sent stay in the results. */
    delete: 'marketing.sequences.delete',
  },
  /** EmailAudienceQueryDto → EmailAudienceResponse: the recipients a campaign with these tags would have. */
  audience: 'marketing.audience',
  /**
   * EmailTrackingRequest → EmailTrackingResponse, without an actor: the gateway has verified the pixel's or
   * link's signature. Each delivery counts its first open and its first click (a click is an open too).
   */
  tracking: {
    open: 'marketing.tracking.open',
    click: 'marketing.tracking.click',
  },
  /** `{}` → EmailSummaryResponse. */
  summary: 'marketing.summary',
  /**
   * EmailUnsubscribeRequest → `{ unsubscribed: true }`, without an actor: the gateway has verified the
   * link's signature. Idempotent; NOT_FOUND when the subscriber no longer exists.
   */
  unsubscribe: 'marketing.unsubscribe',
} as const;
