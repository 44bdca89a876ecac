import type { RealtimeEvent, RealtimeEventType } from '@parley/contracts';
import type { ApiTag } from '../../app/api';

/**
 * What each /ws event makes stale, so that the inbox, the customers and the dashboard refresh
 * themselves without polling. Every event changes the stats.
 */
export const REALTIME_INVALIDATIONS: Record<RealtimeEventType, readonly ApiTag[]> = {
  // The customer wrote (their last contact and Meta's window move) or a person answered from the page's
  // own inbox (the AI pauses for them).
  new_message: ['Messages', 'Conversations', 'Customers', 'Stats'],
  message_responded: ['Messages', 'Conversations', 'Customers', 'Stats', 'Usage'],
  new_customer: ['Conversations', 'Customers', 'Stats'],
  new_lead: ['Conversations', 'Customers', 'Stats'],
  usage_warning: ['Stats', 'Usage'],
  // The upload's own answer refreshes the products; its progress is for the upload card alone.
  catalogue_import_progress: [],
  // A document was read (its passages joined the knowledge) or failed: its row and the checklist change.
  training_document_status: ['TrainingDocuments', 'Knowledge'],
  // An outgoing message was sent, delivered, read or failed: the thread, the message lists and the inbox's
  // last message show it.
  message_status: ['Messages', 'Conversations'],
  // A platform was connected or disconnected (in another tab, or by the server): status, checklist, panel.
  integration_changed: ['Integrations'],
  // An admin of some of this owner's pages connected them to another Parley account (a popup says which).
  integration_moved: ['Integrations', 'Stats'],
  // A channel became degraded (a popup says why): its health badge, alerts and Reconnect show.
  channel_degraded: ['Integrations'],
  // A payment, refund, renewal or cancellation was applied: the usage card, billing page and plans refresh
  // (the checkout's "activating…" page waits for exactly this).
  usage_changed: ['Usage', 'Billing', 'Plans'],
  // A conversation was read, closed, reopened, paused, resumed or assigned (in another tab, by another member),
  // or a message came into one assigned to another member: the inbox and the customer's AI pause agree.
  conversation_updated: ['Conversations', 'Customers'],
  // A member is viewing or typing in a thread: the thread shows it (features/inbox), nothing is refetched.
  presence: [],
  // A person moved a customer's stage, set their lead's value or edited their contact (in another tab): the
  // board's columns and headers, the lists and the inbox follow.
  customer_updated: ['Customers', 'Conversations', 'Stats'],
  // A replay answered another message or ended: its drawer follows it (features/replays).
  replay_progress: [],
  // A campaign's mails were sent, opened or clicked, or it finished: the Campaigns tab puts the figures into
  // its list itself (applyCampaignProgress); the summary cards are read again.
  email_campaign_progress: ['EmailSummary'],
};

/** Events that a page shows itself (features call `useRealtimeEvent`) rather than as the popup. */
const QUIET_EVENT_TYPES = [
  'catalogue_import_progress',
  'training_document_status',
  'message_status',
  'integration_changed',
  'usage_changed',
  'conversation_updated',
  'presence',
  'customer_updated',
  'replay_progress',
  'email_campaign_progress',
] as const satisfies readonly RealtimeEventType[];

/** The events that show the notification popup. */
export type PopupEventType = Exclude<RealtimeEventType, (typeof QUIET_EVENT_TYPES)[number]>;
export type PopupEvent = RealtimeEvent & { type: PopupEventType };

/**
 * A person's reply written in Parley pops up nowhere: the tab that sent it says how it went, and the others
 * only refresh.
 */
export function isPopupEvent(event: RealtimeEvent): event is PopupEvent {
  if ((QUIET_EVENT_TYPES as readonly RealtimeEventType[]).includes(event.type)) return false;
  return !(event.type === 'message_responded' && event.data?.by === 'person');
}

/** After a reconnect: events sent while the socket was down are lost, so everything they touch is refetched. */
export const RECONNECT_INVALIDATIONS: readonly ApiTag[] = [
  'Messages',
  'Conversations',
  'Customers',
  'Stats',
  'Usage',
  'TrainingDocuments',
  'Knowledge',
  'Integrations',
  'Billing',
  'Plans',
  'EmailSummary',
  'EmailCampaigns',
];

const EVENT_TYPES = Object.keys(REALTIME_INVALIDATIONS) as RealtimeEventType[];

function isRealtimeEventType(value: unknown): value is RealtimeEventType {
  return (EVENT_TYPES as unknown[]).includes(value);
}

/** A /ws frame `{ type, message, data }`, or null for anything else (unknown type, not JSON). */
export function parseRealtimeFrame(raw: unknown): RealtimeEvent | null {
  if (typeof raw !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const { type, message, data } = frame as Record<string, unknown>;
  if (!isRealtimeEventType(type)) return null;
  return {
    type,
    message: typeof message === 'string' ? message : '',
    ...(typeof data === 'object' && data !== null ? { data: data as Record<string, unknown> } : {}),
  };
}
