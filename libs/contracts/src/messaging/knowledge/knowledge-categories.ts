import { isOneOf } from '../../enums/one-of';

export const KNOWLEDGE_CATEGORIES = ['company_info', 'products', 'policies', 'faqs', 'support'] as const;

export type KnowledgeCategory = (typeof KNOWLEDGE_CATEGORIES)[number];

export function isKnowledgeCategory(value: unknown): value is KnowledgeCategory {
  return isOneOf(KNOWLEDGE_CATEGORIES, value);
}
