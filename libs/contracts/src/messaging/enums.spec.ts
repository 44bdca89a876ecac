import { isLeadPotential } from './agent/lead-potentials';
import { isUrgencyLevel } from './agent/urgency-levels';
import { DEFAULT_RESPONSE_STYLE, isResponseStyle, RESPONSE_STYLES } from './ai-config/response-styles';
import { CUSTOMER_STAGES, DEFAULT_CUSTOMER_STAGE, isCustomerStage } from './customers/customer-stages';
import { isCustomerStatus } from './customers/customer-statuses';
import { isKnowledgeCategory, KNOWLEDGE_CATEGORIES } from './knowledge/knowledge-categories';
import {
  DEFAULT_KNOWLEDGE_PRIORITY,
  isKnowledgePriority,
  KNOWLEDGE_PRIORITY_LABELS,
} from './knowledge/knowledge-priorities';
import { isMessageDirection, MESSAGE_DIRECTIONS } from './messages/message-directions';
import { isMessageStatus, MESSAGE_STATUSES } from './messages/message-statuses';
import {
  isTrainingDocumentStatus,
  TRAINING_DOCUMENT_STATUSES,
} from './training-documents/training-document-statuses';
import { itGuards } from '../enums/guard-cases.testing';

describe('messaging enumerations of the spec', () => {
  it('hold the spec values in order', () => {
    expect(CUSTOMER_STAGES).toEqual(['new', 'interested', 'qualified', 'follow-up', 'converted']);
    // The spec's six, then ours: queued (waiting for its delivery job), delivered (reported by the platform)
    // and simulated (a reply to a test customer, delivered nowhere).
    expect(MESSAGE_STATUSES).toEqual([
      'pending',
      'responded',
      'read',
      'sent',
      'received',
      'failed',
      'queued',
      'delivered',
      'simulated',
    ]);
    expect(MESSAGE_DIRECTIONS).toEqual(['incoming', 'outgoing']);
    expect(RESPONSE_STYLES).toEqual(['professional', 'friendly', 'casual', 'enthusiastic']);
    expect(KNOWLEDGE_CATEGORIES).toEqual(['company_info', 'products', 'policies', 'faqs', 'support']);
    expect(TRAINING_DOCUMENT_STATUSES).toEqual(['processing', 'completed', 'failed']);
  });

  it('have the spec defaults', () => {
    expect(DEFAULT_CUSTOMER_STAGE).toBe('new');
    expect(DEFAULT_RESPONSE_STYLE).toBe('professional');
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

  itGuards([
    [isCustomerStage, 'follow-up', 'follow_up'],
    [isCustomerStatus, 'active', 'Active'],
    [isMessageStatus, 'delivered', 'seen'],
    [isMessageDirection, 'incoming', 'inbound'],
    [isResponseStyle, 'casual', 'formal'],
    [isKnowledgeCategory, 'faqs', 'faq'],
    [isKnowledgePriority, 5, '5'],
    [isTrainingDocumentStatus, 'failed', 'done'],
    [isUrgencyLevel, 'medium', 'critical'],
    [isLeadPotential, 'high', undefined],
  ]);
});
