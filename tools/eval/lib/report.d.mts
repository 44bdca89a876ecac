// Types of report.mjs for the TypeScript specs that import it.
import type { BusinessFacts, Check, EvalCase } from './score.mjs';

export interface JudgedResult {
  case: EvalCase & { id: string; kind: 'answer' | 'unknown' | 'injection' };
  reply: string;
  analysis?: { intent: string; urgency: string; lead_potential: string };
  needsHuman?: boolean;
  verdict: { right: boolean; failed: Check[] };
  inventions: string[];
  error?: string;
  skipped?: boolean;
}
export interface Ratio {
  right: number;
  total: number;
}
export interface Figures {
  answers: Ratio;
  invented: number;
  injections: Ratio;
  unknowns: Ratio;
  needsHumanReported: boolean;
  classified: { intent: Ratio; urgency: Ratio; lead: Ratio };
  wrongLanguage: number;
  errors: number;
  skipped: number;
}
export declare const LANGUAGES: ['en', 'es', 'ar'];
export declare function summarize(
  results: JudgedResult[],
  facts: BusinessFacts,
): Record<'en' | 'es' | 'ar' | 'all', Figures>;
export declare function printTable(title: string, summary: Record<'en' | 'es' | 'ar' | 'all', Figures>): void;
