/**
 * An approved WhatsApp message template that Parley can send: the only message WhatsApp allows outside its
 * 24-hour window. Text only: an optional text header and footer without parameters, and a body whose
 * numbered parameters (`{{1}}`, `{{2}}` …) the sender fills in. Templates with media, named parameters,
 * or parameters outside the body are not offered.
 */
export interface WhatsAppTemplateResponse {
  name: string;
  /** Meta's language code, e.g. `en_US`: a template is approved per language. */
  language: string;
  /** MARKETING, UTILITY or AUTHENTICATION. */
  category: string;
  header: string | null;
  /** With its `{{n}}` placeholders. */
  body: string;
  footer: string | null;
  /** How many values the body's `{{1}}` … `{{n}}` take. */
  parameterCount: number;
}

/** integrations.templates.list (actor = owner): the approved templates of one connected WhatsApp number. */
export interface ListTemplatesRequest {
  /** The WhatsApp phone number id the customer wrote to. */
  pageId: string;
}

/** A template chosen for a send: which one, and its body's values in order. */
export interface TemplateChoice {
  name: string;
  language: string;
  parameters: string[];
}

/** Meta refuses a parameter longer than this, or holding a new line, a tab or more than 4 spaces in a row. */
export const TEMPLATE_PARAMETER_MAX = 1024;
export const TEMPLATE_PARAMETER_PATTERN = /^(?!.* {5})[^\n\t]*$/s;

const PLACEHOLDER = /\{\{(\d+)\}\}/g;

/** The highest `{{n}}` in `text` (0 when it has none). */
export function placeholderCount(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(PLACEHOLDER)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** What the customer reads: header, body with its values in place, footer; a blank line between. */
export function renderTemplate(
  template: Pick<WhatsAppTemplateResponse, 'header' | 'body' | 'footer'>,
  parameters: readonly string[],
): string {
  const body = template.body.replace(PLACEHOLDER, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
  return [template.header, body, template.footer].filter((part) => part !== null && part !== '').join('\n\n');
}
