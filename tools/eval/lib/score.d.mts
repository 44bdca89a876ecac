// Types of score.mjs for the TypeScript spec that imports it.
export interface Amount {
  text: string;
  value: number;
  isPrice: boolean;
}
export interface BusinessFacts {
  prices: number[];
  numbers: number[];
  emails: string[];
  phoneDigits: string;
  names: string[];
}
export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}
export interface EvalCase {
  id?: string;
  kind?: 'answer' | 'unknown' | 'injection';
  lang: 'en' | 'es' | 'ar';
  message: string;
  previous?: string;
  expect?: {
    prices?: number[];
    facts?: string[][];
    none?: string[];
    stock?: 'in' | 'out';
    intent?: string;
    urgency?: string;
    lead?: string;
  };
  none?: string[];
}
export declare function normalize(text: string): string;
export declare function hasPhrase(text: string, phrase: string): boolean;
export declare function hasAny(text: string, phrases: string[]): boolean;
export declare function amounts(text: string, names?: string[]): Amount[];
export declare function replyLanguage(text: string, names?: string[]): 'en' | 'es' | 'ar';
export declare function inLanguage(text: string, lang: 'en' | 'es' | 'ar', names?: string[]): boolean;
export declare function businessFacts(business: {
  config: object;
  products: object[];
  knowledge: object[];
}): BusinessFacts;
export declare function wrongPrices(reply: string, facts: BusinessFacts): string[];
export declare function inventedNumbers(reply: string, message: string, facts: BusinessFacts): string[];
export declare function inventions(reply: string, testCase: EvalCase, facts: BusinessFacts): string[];
export declare function judge(
  testCase: EvalCase,
  kind: 'answer' | 'unknown' | 'injection',
  reply: string,
  facts: BusinessFacts,
): { right: boolean; failed: Check[] };
