import { placeholderCount, type TemplateChoice, type WhatsAppTemplateResponse } from '@parley/contracts';

/** A message template node as Graph's `GET /<WhatsApp Business account>/message_templates` answers it. */
export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components?: GraphTemplateComponent[];
}

interface GraphTemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; url?: string }[];
}

/** The fields Parley reads of each template. */
export const TEMPLATE_FIELDS = 'name,language,status,category,parameter_format,components';

/** Buttons that need nothing filled in when sending; the others (a code to copy, a flow, OTP…) do. */
const PLAIN_BUTTONS = new Set(['QUICK_REPLY', 'PHONE_NUMBER', 'URL']);

/**
 * The template as Parley offers it, or undefined when Parley cannot send it: not approved, with named
 * parameters, a header that is not plain text, a parameter outside the body, or a button that needs a value.
 */
export function sendableTemplate(node: GraphTemplate): WhatsAppTemplateResponse | undefined {
  if (node.status !== 'APPROVED' || node.parameter_format === 'NAMED') return undefined;
  const components = node.components ?? [];
  const part = (type: string) => components.find((component) => component.type === type);
  const body = part('BODY')?.text;
  if (body === undefined || body === '') return undefined;
  const header = part('HEADER');
  if (header !== undefined && (header.format !== 'TEXT' || placeholderCount(header.text ?? '') > 0))
    return undefined;
  const buttons = part('BUTTONS')?.buttons ?? [];
  if (buttons.some((button) => !PLAIN_BUTTONS.has(button.type) || placeholderCount(button.url ?? '') > 0))
    return undefined;
  return {
    name: node.name,
    language: node.language,
    category: node.category,
    header: header?.text ?? null,
    body,
    footer: part('FOOTER')?.text ?? null,
    parameterCount: placeholderCount(body),
  };
}

/** The `template` object of a WhatsApp Cloud API send: the body's values as text parameters, in order. */
export function templateMessage(choice: TemplateChoice): Record<string, unknown> {
  return {
    name: choice.name,
    language: { code: choice.language },
    ...(choice.parameters.length > 0
      ? {
          components: [
            { type: 'body', parameters: choice.parameters.map((text) => ({ type: 'text', text })) },
          ],
        }
      : {}),
  };
}
