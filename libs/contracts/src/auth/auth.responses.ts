/** POST /api/auth/reset-password and other answers that carry only a sentence for the user. */
export interface MessageOnlyResponse {
  message: string;
}
