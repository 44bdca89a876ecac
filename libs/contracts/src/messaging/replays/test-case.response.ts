/** GET /api/ai/test-cases items, newest first; POST answers the saved one. */
export interface TestCaseResponse {
  id: string;
  message: string;
  expected: string | null;
  createdAt: string;
}
