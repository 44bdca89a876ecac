import { CAMPAIGN_STATUSES, isCampaignStatus } from './campaigns/campaign-statuses';
import { EMAIL_TEMPLATE_TYPES, isEmailTemplateType } from './email-templates/email-template-types';
import { DEFAULT_SUBSCRIBER_STATUS, isSubscriberStatus } from './subscribers/subscriber-statuses';
import { itGuards } from '../enums/guard-cases.testing';

describe('marketing enumerations of the spec', () => {
  it('hold the spec values in order', () => {
    expect(CAMPAIGN_STATUSES).toEqual(['draft', 'scheduled', 'sending', 'sent', 'paused']);
    expect(EMAIL_TEMPLATE_TYPES).toEqual(['welcome', 'newsletter', 'promotional', 'follow_up']);
  });

  it('have the spec defaults', () => {
    expect(DEFAULT_SUBSCRIBER_STATUS).toBe('subscribed');
  });

  itGuards([
    [isCampaignStatus, 'paused', 'cancelled'],
    [isSubscriberStatus, 'unsubscribed', ''],
    [isEmailTemplateType, 'follow_up', 'follow-up'],
  ]);
});
