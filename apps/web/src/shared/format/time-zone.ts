/**
 * The browser's IANA time zone ("Europe/Madrid"): what the AI configuration takes as the business's time zone
 * until the owner sets one (the reports count the business's days in it; docs/reports.md). Undefined when the
 * browser does not say.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
