/**
 * GET /api/ai/knowledge/conflicts (beyond the spec): a sentence of one of the owner's active knowledge items stating
 * a price for a catalogue product other than the catalogue's. The agent never quotes such a sentence (nor, in its
 * passage, a sentence giving a code); the AI Training page lists them so the owner corrects the passage.
 */
export interface KnowledgeConflictResponse {
  knowledgeItemId: string;
  title: string;
  /** The sentence as written. */
  sentence: string;
  /** The product's name in the catalogue. */
  product: string;
  statedPrice: number;
  cataloguePrice: number;
}
