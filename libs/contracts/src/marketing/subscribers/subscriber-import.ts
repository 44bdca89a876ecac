/** What the gateway sends marketing-service for a checked CSV: its bytes wait in the UploadStore. */
export interface SubscriberImportRequest {
  uploadKey: string;
  fileName: string;
}

/** A row of the file that was not imported; `row` counts the file's lines as a spreadsheet does (header = 1). */
export interface SubscriberImportRowError {
  row: number;
  message: string;
}

/**
 * The answer of POST /api/email/subscribers/import: `created` new subscribers, `updated` ones the owner
 * already had (names filled, tags added), `skipped` rows not imported (blank or bad); a row repeating an
 * address of an earlier row is merged into it (`merged`). At most SUBSCRIBER_IMPORT_LIMITS.maxErrors errors.
 */
export interface SubscriberImportResponse {
  created: number;
  updated: number;
  merged: number;
  skipped: number;
  errors: SubscriberImportRowError[];
}

export const SUBSCRIBER_IMPORT_LIMITS = {
  /** Rows of subscribers one file may hold (the header row not counted). */
  maxRows: 50_000,
  /** Row errors answered; the rest are counted in `skipped` only. */
  maxErrors: 100,
} as const;
