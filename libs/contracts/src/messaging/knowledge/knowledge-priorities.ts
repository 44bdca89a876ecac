import { isOneOf } from '../../enums/one-of';

/** How strongly the agent should rely on a knowledge item; higher wins. */
export const KNOWLEDGE_PRIORITIES = [1, 2, 3, 4, 5] as const;

export type KnowledgePriority = (typeof KNOWLEDGE_PRIORITIES)[number];

export const DEFAULT_KNOWLEDGE_PRIORITY: KnowledgePriority = 1;

export const KNOWLEDGE_PRIORITY_LABELS = {
  1: 'Low',
  2: 'Normal',
  3: 'Medium',
  4: 'High',
  5: 'Critical',
} as const satisfies Record<KnowledgePriority, string>;

export function isKnowledgePriority(value: unknown): value is KnowledgePriority {
  return isOneOf(KNOWLEDGE_PRIORITIES, value);
}
