// The one public entry of the contracts. Shared pieces first (the transport envelope, errors, paging,
// the rules and enums more than one service uses, the field decorators), then one group per service,
// from its folder `./<service>/`. Responses and other interface-only files are exported with `export type *`.

// Shared: services, transport, errors, realtime, paging
export * from './services';
export * from './health';
export * from './errors';
export * from './rpc';
export * from './realtime';
export * from './lists/page';
export * from './lists/list-query-limit';
export * from './lists/list-query.dto';

// Shared: enums and rules that several services (and their forms) check
export * from './enums/platforms';
export * from './enums/packages';
export * from './enums/languages';
export * from './rules/auth-messages';
export * from './rules/password-rules';
export * from './rules/file-rules';
export * from './rules/currencies';

// Shared: field decorators and DTO validation
export * from './validation/field-limits';
export * from './validation/text-fields';
export * from './validation/is-parley-password';
export * from './validation/validate-dto';

// auth-service: accounts, email verification, password reset, sessions
export * from './auth/auth.subjects';
export * from './auth/auth.events';
export * from './auth/accounts/register.dto';
export * from './auth/accounts/resend-verification.dto';
export * from './auth/passwords/forgot-password.dto';
export * from './auth/passwords/reset-password.dto';
export * from './auth/sessions/login.dto';
export type * from './auth/auth.responses';
export type * from './auth/accounts/account.responses';
export type * from './auth/accounts/current-user.response';
export type * from './auth/passwords/password.responses';
export type * from './auth/sessions/session.responses';
export type * from './auth/sessions/check-sessions';
export * from './auth/team/team.dto';
export type * from './auth/team/team.responses';

// catalogue-service: products and catalogue uploads
export * from './catalogue/products/products.subjects';
export * from './catalogue/products/create-product.dto';
export * from './catalogue/products/update-product.dto';
export * from './catalogue/products/list-products-query.dto';
export * from './catalogue/products/price';
export * from './catalogue/products/product-import';
export * from './catalogue/products/product-search';
export type * from './catalogue/products/catalogue-currency';
export type * from './catalogue/products/product.response';

// messaging-service: customers, messages, AI configuration, the agent, knowledge, training documents, stats
export * from './messaging/messaging.subjects';
export * from './messaging/customers/customer-stages';
export * from './messaging/customers/customer-statuses';
export * from './messaging/customers/create-customer.dto';
export * from './messaging/customers/update-customer.dto';
export * from './messaging/customers/list-customers-query.dto';
export type * from './messaging/customers/customer.response';
export * from './messaging/messages/message-statuses';
export * from './messaging/messages/message-directions';
export * from './messaging/messages/message-urgency';
export * from './messaging/messages/simulate-message.dto';
export * from './messaging/messages/reply-message.dto';
export * from './messaging/messages/list-messages-query.dto';
export type * from './messaging/messages/message.response';
export type * from './messaging/messages/ingest-message';
export type * from './messaging/messages/email-in-thread';
export type * from './messaging/customer-events/customer-event';
export * from './messaging/ai-config/response-styles';
export * from './messaging/ai-config/response-delay';
export * from './messaging/ai-config/at-limit-reply';
export * from './messaging/ai-config/ai-config.dto';
export type * from './messaging/ai-config/ai-config.response';
export * from './messaging/agent/urgency-levels';
export * from './messaging/agent/lead-potentials';
export * from './messaging/agent/intents';
export * from './messaging/agent/test-agent.dto';
export type * from './messaging/agent/test-agent.response';
export * from './messaging/knowledge/knowledge-categories';
export * from './messaging/knowledge/knowledge-priorities';
export * from './messaging/knowledge/knowledge-item.dto';
export * from './messaging/knowledge/update-knowledge-item.dto';
export * from './messaging/knowledge/list-knowledge-query.dto';
export * from './messaging/knowledge/knowledge-item.response';
export * from './messaging/knowledge/knowledge-conflict.response';
export * from './messaging/conversations/update-conversation.dto';
export * from './messaging/conversations/conversation-states';
export * from './messaging/conversations/list-conversations-query.dto';
export type * from './messaging/conversations/conversation.response';
export * from './messaging/customers/update-contact.dto';
export * from './messaging/leads/lead-rules';
export * from './messaging/leads/lead-value';
export * from './messaging/customers/pipeline';
export * from './messaging/customers/stage-history';
export type * from './messaging/leads/lead.response';
export * from './messaging/training-documents/training-document-statuses';
export type * from './messaging/training-documents/training-document.response';
export type * from './messaging/training-documents/training-document-upload.request';
export type * from './messaging/stats/stats.response';
export * from './messaging/reports/report-rules';
export * from './messaging/reports/report-query.dto';
export type * from './messaging/reports/report.response';
export * from './messaging/test-data/test-data-query.dto';
export type * from './messaging/test-data/test-data.response';
export * from './messaging/replays/replay-draft.dto';
export * from './messaging/replays/replay.response';
export * from './messaging/replays/test-case.dto';
export type * from './messaging/replays/test-case.response';

// marketing-service: email templates, campaigns, subscribers
export * from './marketing/marketing.subjects';
export * from './marketing/email-list-query.dto';
export * from './marketing/summary/email-summary.response';
export type * from './marketing/subscribers/unsubscribe';
export * from './marketing/email-templates/update-email-template.dto';
export * from './marketing/campaigns/update-campaign.dto';
export * from './marketing/campaigns/test-campaign.dto';
export * from './marketing/subscribers/update-subscriber.dto';
export * from './marketing/email-templates/email-template-types';
export * from './marketing/email-templates/email-template.dto';
export type * from './marketing/email-templates/email-template.response';
export * from './marketing/campaigns/campaign-statuses';
export * from './marketing/campaigns/campaign.dto';
export type * from './marketing/campaigns/campaign.response';
export * from './marketing/subscribers/subscriber-statuses';
export * from './marketing/subscribers/subscriber.dto';
export type * from './marketing/subscribers/subscriber.response';
export * from './marketing/subscribers/subscriber-import';
export * from './marketing/audience/email-audience';
export type * from './marketing/campaigns/campaign-results.response';
export type * from './marketing/tracking/email-tracking';
export * from './marketing/sequences/sequence-triggers';
export * from './marketing/sequences/email-sequence.dto';
export type * from './marketing/sequences/email-sequence.response';

// integrations-service: social platform connections, Meta webhooks, messages sent to a platform
export * from './integrations/integrations.subjects';
export * from './integrations/channels/channel-platforms';
export * from './integrations/channels/messaging-window';
export type * from './integrations/connections/connections';
export * from './integrations/connections/connect-failures';
export type * from './integrations/webhooks/meta-webhook';
export type * from './integrations/webhooks/x-webhook';
export type * from './integrations/deliveries/delivery';
export * from './integrations/templates/whatsapp-template';
export * from './integrations/templates/send-template.dto';
export * from './integrations/messages/send-message.dto';
export type * from './integrations/social-integrations/social-integration.response';
export * from './integrations/social-integrations/channel-health';

// billing-service: the owner's plan, the API-call meter, usage packages, the plan catalogue
export * from './billing/billing.subjects';
export type * from './billing/accounts/billing-account.response';
export * from './billing/usage/usage';
export type * from './billing/usage/usage.response';
export type * from './billing/usage/usage-package.response';
export type * from './billing/usage/consume-usage';
export * from './billing/plans/plan-ids';
export * from './billing/plans/landing-plans';
export * from './billing/plans/pricing-plans';
export type * from './billing/plans/plan.response';
export type * from './billing/payments/billing-overview.response';
export type * from './billing/payments/payment-webhook';

// The audit log: every service's entries, merged by auth-service (docs/teams.md, "Audit log")
export * from './audit/audit';
