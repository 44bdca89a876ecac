// Types of sets.mjs for the TypeScript specs that import it.
export interface Business {
  config: Record<string, unknown> & { companyName: string; email: string; phoneNumber: string };
  products: { name: string; price: number; description?: string; features?: string[]; inStock?: boolean }[];
  knowledge: { title: string; content: string }[];
}
export interface EvalDocument {
  fileName: string;
  type: string;
  bytes: Buffer;
  pages: { title: string; content: string }[];
}
export interface EvalSet {
  name: string;
  dir: string;
  title: string;
  heldOut: boolean;
  business: Business;
  cases: { id: string; kind: string; lang: string; message: string; previous?: string }[];
  documents: EvalDocument[];
  check: string | null;
}
export declare function listSets(setsDir: string): string[];
export declare function readCases(dir: string): EvalSet['cases'];
export declare function readSet(setsDir: string, name: string): Promise<EvalSet>;
export declare function scoredBusiness(set: Pick<EvalSet, 'business' | 'documents'>): Business;
