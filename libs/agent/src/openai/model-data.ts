import type { AgentKnowledgeItem, AgentProduct } from '../agent-provider';

/** Size limits of what the model is given, so one owner's long texts or long conversation cannot blow up a request. */
export const PROMPT_LIMITS = {
  knowledgeContentChars: 4000,
  productDescriptionChars: 1000,
  historyMessages: 20,
  historyMessageChars: 2000,
} as const;

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A product as the model reads it, in the prompt or in a search tool's answer. */
export function productData(id: string, product: AgentProduct): Record<string, unknown> {
  return {
    id,
    name: product.name,
    category: product.category,
    price: product.price,
    in_stock: product.inStock,
    description: clip(product.description, PROMPT_LIMITS.productDescriptionChars),
    features: product.features,
  };
}

/** A knowledge passage as the model reads it, in the prompt or in a search tool's answer. */
export function knowledgeData(item: AgentKnowledgeItem): Record<string, unknown> {
  return {
    category: item.category,
    title: item.title,
    content: clip(item.content, PROMPT_LIMITS.knowledgeContentChars),
    priority: item.priority,
  };
}
