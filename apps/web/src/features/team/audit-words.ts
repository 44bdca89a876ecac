import type { TFunction } from 'i18next';
import { AUDIT_CHANGED } from '@parley/contracts';
import type { AuditEntry } from './team-types';

/** One changed field of an entry, in words: its name, and its value before and after (either may be absent). */
export interface AuditDetail {
  field: string;
  before?: string;
  after?: string;
  /** A secret or long text: only that it changed is said. */
  changedOnly: boolean;
}

/** An entry in the reader's words: the sentence ("Sara changed the AI configuration") and the changed fields. */
export interface AuditWords {
  sentence: string;
  details: AuditDetail[];
}

/** Actions whose wording differs when no person did them (the payment provider confirmed it). */
const BY_PAYMENT = ['plan.purchased', 'plan.refilled', 'plan.cancelled'] as const;
type PaymentAction = (typeof BY_PAYMENT)[number];

function isPaymentAction(action: AuditEntry['action']): action is PaymentAction {
  return (BY_PAYMENT as readonly string[]).includes(action);
}

/** Values whose words the app already has: a customer's stage, a member's role, the AI's response style. */
const VALUE_KEYS: Record<string, string> = {
  stage: 'customers.stages',
  role: 'team.roles',
  responseStyle: 'aiConfig.styles',
};

export function auditWords(entry: AuditEntry, t: TFunction, dateText: (at: string) => string): AuditWords {
  const subject = entry.subject.label ?? entry.subject.id;
  const bySystem = entry.actor.userId === null;
  const actor = entry.actor.name ?? t('team.activity.someone');
  // Each name isolated (FSI … PDI): in Arabic, a Latin actor beside a Latin subject would otherwise run together
  // as one left-to-right phrase and read in the wrong order.
  const words = { actor: isolate(actor), subject: isolate(subject) };
  const sentence =
    bySystem && isPaymentAction(entry.action)
      ? t(`team.activity.byPayment.${entry.action}`, words)
      : t(`team.activity.actions.${entry.action}`, words);
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const details = fields.map((field): AuditDetail => {
    const changedOnly = before[field] === AUDIT_CHANGED || after[field] === AUDIT_CHANGED;
    const word = (value: unknown) => valueText(field, value, t, dateText);
    return {
      field: t(`team.activity.fields.${field}`, { defaultValue: field }),
      ...(field in before && !changedOnly ? { before: word(before[field]) } : {}),
      ...(field in after && !changedOnly ? { after: word(after[field]) } : {}),
      changedOnly,
    };
  });
  return { sentence, details };
}

function valueText(field: string, value: unknown, t: TFunction, dateText: (at: string) => string): string {
  if (value === null || value === undefined || value === '') return t('team.activity.empty');
  if (typeof value === 'boolean') return t(value ? 'team.activity.yes' : 'team.activity.no');
  if (Array.isArray(value))
    return value.length === 0 ? t('team.activity.empty') : value.map(String).join(', ');
  if (typeof value === 'string' && VALUE_KEYS[field]) {
    return t(`${VALUE_KEYS[field]}.${value}`, { defaultValue: value });
  }
  if (field === 'endsAt' && typeof value === 'string') return dateText(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Text as one bidirectional unit of its own direction (Unicode first-strong isolate). */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
