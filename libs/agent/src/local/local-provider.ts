import type { Language } from '@parley/contracts';
import {
  type AgentContext,
  type AgentProduct,
  type AgentProvider,
  type AgentReply,
  FOLLOW_UP_DEPTH,
  type MessageAnalysis,
} from '../agent-provider';
import { productMentions } from '../product-names';
import { analyseMessage, refersBack } from './classify';
import { composeReply } from './compose';
import { followUpVariant, sizedSentences } from './follow-up';
import { detectLanguage } from './language';
import { nearMiss } from './near-miss';
import { followUpText, type Retrieval, retrieve } from './retrieve';
import { suggestStage } from './stage';
import { normalize } from './text';

/** The products of the latest earlier message (ours or the customer's) that named any. */
function productsDiscussedBefore(context: AgentContext): AgentProduct[] {
  const recent = context.history.slice(-FOLLOW_UP_DEPTH).reverse();
  for (const { content } of recent) {
    const { products } = retrieve(content, { ...context, knowledge: [] });
    if (products.length > 0) return products;
  }
  return [];
}

/**
 * A follow-up about a product asks what its own words ask ("is the blue one in stock?"), or, when they ask nothing a
 * phrase places ("and the pistachio one?"), what the message it follows asked ("how much is…?").
 */
function followUpAnalysis(message: string, asked: string, language: Language): MessageAnalysis {
  const own = analyseMessage(message, language, false);
  if (own.intent !== 'other' && own.intent !== 'support') return analyseMessage(message, language, true);
  return analyseMessage(asked, language, true);
}

/** The names of the products a reply names by their whole name, each once, in order. */
function productsNamed(response: string, products: readonly AgentProduct[]): string[] {
  if (products.length === 0) return [];
  return [...new Set(productMentions(normalize(response), products).map(({ product }) => product.name))];
}

/**
 * The offline agent (DESIGN §4), the default when no OpenAI key is set. Deterministic and synchronous under the
 * promise: detects the customer's language, finds the owner's matching products and knowledge, classifies the
 * message with phrase rules and composes the reply from templates. The customer's text is only ever matched
 * against, never followed: every price and stock level in a reply comes from the catalogue.
 */
export class LocalAgentProvider implements AgentProvider {
  readonly name = 'local';

  async reply(message: string, context: AgentContext, signal?: AbortSignal): Promise<AgentReply> {
    signal?.throwIfAborted();
    const customerMessages = context.history.filter((m) => m.direction === 'incoming').map((m) => m.content);
    // The company's own description is the last resort: "ok" as the first message to a Spanish shop is Spanish.
    const language = detectLanguage(message, [context.company.description, ...customerMessages]);
    const named = retrieve(message, context, language);
    // "And the big one?", "is the blue one in stock?": the variant of what was just discussed (local/follow-up.ts).
    const variant = followUpVariant(message, context, named);
    const analysis = variant
      ? followUpAnalysis(message, variant.asked, language)
      : analyseMessage(message, language, named.products.length > 0);
    let found: Retrieval = variant
      ? { ...named, ...variant, namesProduct: true, answeredByKnowledge: [] }
      : named.products.length === 0 && refersBack(named.terms)
        ? { ...named, products: productsDiscussedBefore(context) }
        : named;
    // "And how long does it take?": nothing found for it alone, so it is about what the customer asked before.
    if (found.products.length === 0 && found.knowledge.length === 0) {
      const text = followUpText(message, context.history, FOLLOW_UP_DEPTH);
      if (text !== message) found = retrieve(text, context, language);
    }
    // "And the big one?" after a passage about options in sizes: that size's sentences (local/follow-up.ts).
    const [passage, ...otherPassages] = found.knowledge;
    const sized = !variant && passage ? sizedSentences(passage.content, message) : null;
    if (passage && sized) found = { ...found, knowledge: [{ ...passage, content: sized }, ...otherPassages] };
    // "Cakes for dogs?" beside birthday cakes: a neighbour of the question is no answer to it (local/near-miss.ts).
    if (!variant && nearMiss(message, context)) found = { ...found, nearMiss: true };
    const { response, needsHuman, needsHumanReason } = composeReply({
      message,
      language,
      analysis,
      context,
      found,
    });
    const suggestedStage = suggestStage(message, analysis);
    const citedProducts = productsNamed(response, found.products);
    return {
      response,
      analysis,
      language,
      needsHuman,
      ...(needsHumanReason ? { needsHumanReason } : {}),
      ...(suggestedStage ? { suggestedStage } : {}),
      ...(citedProducts.length > 0 ? { citedProducts } : {}),
    };
  }
}
