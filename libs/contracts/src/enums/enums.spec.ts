import { CAMPAIGN_STATUSES, isCampaignStatus } from './campaign-statuses';
import { CUSTOMER_STAGES, DEFAULT_CUSTOMER_STAGE, isCustomerStage } from './customer-stages';
import { isCustomerStatus } from './customer-statuses';
import { EMAIL_TEMPLATE_TYPES, isEmailTemplateType } from './email-template-types';
import { isKnowledgeCategory, KNOWLEDGE_CATEGORIES } from './knowledge-categories';
import {
  DEFAULT_KNOWLEDGE_PRIORITY,
  isKnowledgePriority,
  KNOWLEDGE_PRIORITY_LABELS,
} from './knowledge-priorities';
import { isLeadPotential } from './lead-potentials';
import { isMessageDirection, MESSAGE_DIRECTIONS } from './message-directions';
import { isMessageStatus, MESSAGE_STATUSES } from './message-statuses';
import { DEFAULT_PACKAGE, isPackageId, PACKAGE_IDS } from './packages';
import { isPlatform, PLATFORMS, TEST_AGENT_PLATFORMS } from './platforms';
import { DEFAULT_RESPONSE_STYLE, isResponseStyle, RESPONSE_STYLES } from './response-styles';
import { DEFAULT_SUBSCRIBER_STATUS, isSubscriberStatus } from './subscriber-statuses';
import { isTrainingDocumentStatus, TRAINING_DOCUMENT_STATUSES } from './training-document-statuses';
import { isUrgencyLevel } from './urgency-levels';

describe('enumerations of the spec', () => {
  it('hold the spec values in order', () => {
    expect(PLATFORMS).toEqual(['facebook', 'instagram', 'twitter', 'whatsapp']);
    expect(TEST_AGENT_PLATFORMS).toEqual([...PLATFORMS, 'test']);
    expect(CUSTOMER_STAGES).toEqual(['new', 'interested', 'qualified', 'follow-up', 'converted']);
    expect(MESSAGE_STATUSES).toEqual(['pending', 'responded', 'read', 'sent', 'received', 'failed']);
    expect(MESSAGE_DIRECTIONS).toEqual(['incoming', 'outgoing']);
    expect(RESPONSE_STYLES).toEqual(['professional', 'friendly', 'casual', 'enthusiastic']);
    expect(CAMPAIGN_STATUSES).toEqual(['draft', 'scheduled', 'sending', 'sent', 'paused']);
    expect(EMAIL_TEMPLATE_TYPES).toEqual(['welcome', 'newsletter', 'promotional', 'follow_up']);
    expect(KNOWLEDGE_CATEGORIES).toEqual(['company_info', 'products', 'policies', 'faqs', 'support']);
    expect(TRAINING_DOCUMENT_STATUSES).toEqual(['processing', 'completed', 'failed']);
    expect(PACKAGE_IDS).toEqual(['free', 'basic', 'power', 'pro', 'unlimited', 'enterprise']);
  });

  it('have the spec defaults', () => {
    expect(DEFAULT_CUSTOMER_STAGE).toBe('new');
    expect(DEFAULT_RESPONSE_STYLE).toBe('professional');
    expect(DEFAULT_SUBSCRIBER_STATUS).toBe('subscribed');
    expect(DEFAULT_PACKAGE).toBe('free');
    expect(DEFAULT_KNOWLEDGE_PRIORITY).toBe(1);
  });

  it('label knowledge priorities 1 to 5', () => {
    expect(KNOWLEDGE_PRIORITY_LABELS).toEqual({
      1: 'Low',
      2: 'Normal',
      3: 'Medium',
      4: 'High',
      5: 'Critical',
    });
  });

  it.each([
    [isPlatform, 'whatsapp', 'email'],
    [isCustomerStage, 'follow-up', 'follow_up'],
    [isCustomerStatus, 'active', 'Active'],
    [isMessageStatus, 'read', 'delivered'],
    [isMessageDirection, 'incoming', 'inbound'],
    [isResponseStyle, 'casual', 'formal'],
    [isCampaignStatus, 'paused', 'cancelled'],
    [isSubscriberStatus, 'unsubscribed', ''],
    [isEmailTemplateType, 'follow_up', 'follow-up'],
    [isKnowledgeCategory, 'faqs', 'faq'],
    [isKnowledgePriority, 5, '5'],
    [isTrainingDocumentStatus, 'failed', 'done'],
    [isPackageId, 'power', 'gold'],
    [isUrgencyLevel, 'medium', 'critical'],
    [isLeadPotential, 'high', undefined],
  ] as [(value: unknown) => boolean, unknown, unknown][])(
    '%p accepts %j and refuses %j',
    (guard, good, bad) => {
      expect(guard(good)).toBe(true);
      expect(guard(bad)).toBe(false);
      expect(guard(null)).toBe(false);
    },
  );
});
