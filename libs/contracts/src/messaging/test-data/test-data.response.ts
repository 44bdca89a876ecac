/** DELETE /api/test-data: how many rows of each kind went (every test customer and what hung on them). */
export interface TestDataDeletedResponse {
  customers: number;
  messages: number;
  leads: number;
}
