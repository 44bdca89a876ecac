import type {
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import {
  type AgentContext,
  type AgentKnowledgeItem,
  type AgentProduct,
  FOLLOW_UP_DEPTH,
} from '../agent-provider';
import { followUpText, retrieve } from '../local/retrieve';
import { knowledgeData, productData } from './model-data';

/**
 * Up to these counts the prompt quotes the context's products and knowledge passages whole; above either, that part
 * is not pasted: the prompt quotes the local retrieval's best matches for the message (local/retrieve.ts, at most 3)
 * and the model gets a search tool over all of it. 20 products of up to 1000 description characters, or 10 passages
 * of up to 4000, is about as much as a prompt should carry for one chat message (some 5 000 and 10 000 tokens).
 */
export const SEARCH_TOOLS_ABOVE = { products: 20, knowledgeItems: 10 } as const;

/**
 * Rounds of tool calls one reply may take. After the last, the model is asked once more with the tools turned off
 * (`tool_choice: "none"`), so it answers with what it found; a model that still calls a tool gets the same
 * ProviderError as a malformed answer.
 */
export const MAX_TOOL_ROUNDS = 3;

/** Searches answered in one round; further calls of the round are told to wait (each call must get an answer). */
export const MAX_SEARCHES_PER_ROUND = 4;

/** Longest search query used (characters); a longer one is cut. */
const MAX_QUERY_CHARS = 200;

export const SEARCH_PRODUCTS_TOOL = 'search_products';
export const SEARCH_KNOWLEDGE_TOOL = 'search_knowledge';

/** The id the model knows a product by: its place in the context's products, from 1 ("p1", "p2", …). */
export function productId(index: number): string {
  return `p${index + 1}`;
}

/** What one request quotes of the context, and which searches it offers instead of the rest. */
export interface PromptPlan {
  /** The products quoted in the prompt, by id. */
  products: Map<string, AgentProduct>;
  knowledge: AgentKnowledgeItem[];
  /** The context's products are more than SEARCH_TOOLS_ABOVE.products: `products` holds the best matches only. */
  searchProducts: boolean;
  searchKnowledge: boolean;
}

/**
 * The plan for `message`: everything when the context is small, else the local retrieval's best matches for the
 * message (with the customer's earlier message for a short follow-up, as the local agent does) and a search tool.
 */
export function planPrompt(message: string, context: AgentContext): PromptPlan {
  const searchProducts = context.products.length > SEARCH_TOOLS_ABOVE.products;
  const searchKnowledge = context.knowledge.length > SEARCH_TOOLS_ABOVE.knowledgeItems;
  const ids = productIds(context.products);
  const best =
    searchProducts || searchKnowledge
      ? retrieve(followUpText(message, context.history, FOLLOW_UP_DEPTH), context)
      : undefined;
  const products = searchProducts ? (best?.products ?? []) : context.products;
  return {
    products: new Map(products.map((product) => [ids.get(product) as string, product])),
    knowledge: searchKnowledge ? (best?.knowledge ?? []) : context.knowledge,
    searchProducts,
    searchKnowledge,
  };
}

function productIds(products: readonly AgentProduct[]): Map<AgentProduct, string> {
  return new Map(products.map((product, index) => [product, productId(index)]));
}

function searchTool(name: string, description: string, query: string): ChatCompletionTool {
  return {
    type: 'function',
    function: {
      name,
      description,
      strict: true,
      parameters: {
        type: 'object',
        additionalProperties: false,
        required: ['query'],
        properties: { query: { type: 'string', description: query } },
      },
    },
  };
}

/** The tools a plan offers (none when the context is quoted whole). */
export function searchTools(plan: PromptPlan): ChatCompletionTool[] {
  return [
    ...(plan.searchProducts
      ? [
          searchTool(
            SEARCH_PRODUCTS_TOOL,
            "Searches the business's catalogue; answers the best matching products (at most 3) with id, price and stock.",
            'A few words naming what the customer asks about: a product name, a kind of product, a feature.',
          ),
        ]
      : []),
    ...(plan.searchKnowledge
      ? [
          searchTool(
            SEARCH_KNOWLEDGE_TOOL,
            "Searches the business's knowledge passages (policies, services, FAQ); answers the best matches (at most 3).",
            'A few words naming the topic asked about, e.g. "returns", "delivery time", "warranty".',
          ),
        ]
      : []),
  ];
}

/**
 * Runs the model's search calls over the context with the local retrieval (no search of its own), and keeps every
 * product it showed the model: the products the answer may cite by id.
 */
export class ContextSearch {
  /** Products shown to the model so far (in the prompt or by a search), by id. */
  readonly offered: Map<string, AgentProduct>;
  private readonly ids: Map<AgentProduct, string>;

  constructor(
    private readonly context: AgentContext,
    private readonly plan: PromptPlan,
  ) {
    this.offered = new Map(plan.products);
    this.ids = productIds(context.products);
  }

  /** The tool message answering each call of one round, in order. */
  answer(calls: readonly ChatCompletionMessageToolCall[]): ChatCompletionToolMessageParam[] {
    return calls.map((call, index) => ({
      role: 'tool',
      tool_call_id: call.id,
      content: JSON.stringify(
        index < MAX_SEARCHES_PER_ROUND
          ? this.run(call)
          : { error: `at most ${MAX_SEARCHES_PER_ROUND} searches at once` },
      ),
    }));
  }

  private run(call: ChatCompletionMessageToolCall): Record<string, unknown> {
    const { plan, context } = this;
    if (call.type !== 'function') return { error: 'unknown tool' };
    const query = queryOf(call.function.arguments);
    if (query === undefined) return { error: 'arguments must be {"query": "…"} with a non-empty query' };
    const { name } = call.function;
    if (name === SEARCH_PRODUCTS_TOOL && plan.searchProducts) {
      const { products } = retrieve(query, {
        products: context.products,
        knowledge: [],
        company: context.company,
      });
      return {
        products: products.map((product) => {
          const id = this.ids.get(product) as string;
          this.offered.set(id, product);
          return productData(id, product);
        }),
      };
    }
    if (name === SEARCH_KNOWLEDGE_TOOL && plan.searchKnowledge) {
      const { knowledge } = retrieve(query, {
        products: [],
        knowledge: context.knowledge,
        company: context.company,
      });
      return { knowledge: knowledge.map(knowledgeData) };
    }
    return { error: `unknown tool ${JSON.stringify(name.slice(0, 50))}` };
  }
}

/** The query of a call's JSON arguments, trimmed and cut to MAX_QUERY_CHARS; undefined when there is none. */
function queryOf(args: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return undefined;
  }
  const query = (parsed as { query?: unknown } | null)?.query;
  if (typeof query !== 'string' || query.trim() === '') return undefined;
  return query.trim().slice(0, MAX_QUERY_CHARS);
}
