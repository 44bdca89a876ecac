import type { CampaignStatus } from './marketing/campaigns/campaign-statuses';
import type { CustomerStage } from './messaging/customers/customer-stages';
import type { TrainingDocumentStatus } from './messaging/training-documents/training-document-statuses';

/**
 * Notifications for the owner's open browser tabs: any service publishes `{ ownerId, event }` here and
 * the gateway pushes `event` to that owner's sockets on /ws. Not for anything that must not be lost.
 */
export const REALTIME_SUBJECT = 'realtime.owner-event';

/** What the browser receives on /ws: `type` names the event, `message` is ready to show. */
export type RealtimeEventType =
  | 'new_customer'
  | 'new_lead'
  | 'new_message'
  | 'message_responded'
  | 'usage_warning'
  | 'catalogue_import_progress'
  /** data: TrainingDocumentStatusData. Quiet: the documents list updates, no popup. */
  | 'training_document_status'
  /** data: MessageStatusData. Quiet: the thread and message lists update, no popup. */
  | 'message_status'
  /** data: `{ platform }`. Quiet: an integration was connected or disconnected; lists refresh. */
  | 'integration_changed'
  /**
   * data: IntegrationMovedData. A popup: an admin of these pages (numbers, accounts) connected them to
   * another Parley account, which took them from this one; lists refresh.
   */
  | 'integration_moved'
  /**
   * data: ChannelDegradedData. A popup: a channel needs the owner (its token refused, its webhook subscription
   * gone, or sends failing one after another); sent once per degraded episode; lists refresh.
   */
  | 'channel_degraded'
  /** data: UsageChangedData. Quiet: billing credited or changed the allowance; usage, billing and plans refresh. */
  | 'usage_changed'
  /**
   * data: ConversationUpdatedData. Quiet: a conversation was read, closed, reopened, paused, resumed or assigned
   * (every member's tabs agree), or a new message came into a conversation assigned to another member.
   */
  | 'conversation_updated'
  /** data: PresenceData. Quiet: a member is viewing or typing in a thread; gone after PRESENCE_TTL_MS unrefreshed. */
  | 'presence'
  /** data: CustomerUpdatedData. Quiet: a person changed a customer (stage, lead value, contact); boards and lists move. */
  | 'customer_updated'
  /** data: ReplayProgressData. Quiet: a replay answered another message, finished or failed. */
  | 'replay_progress'
  /** data: EmailCampaignProgressData. Quiet: a campaign's figures moved (a mail sent, opened, clicked; it finished). */
  | 'email_campaign_progress';

export interface RealtimeEvent {
  type: RealtimeEventType;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * Who answered, on a 'message_responded' event: the AI, the away message, a person in Parley (the tab that
 * sent it knows; no popup), or a person from the page's own inbox.
 */
export type RespondedBy = 'ai' | 'away' | 'person' | 'page';

/**
 * The data of the events about one customer (new_customer, new_lead, new_message, message_responded): the
 * web words the popup from it in the reader's language (`message` is the English wording).
 */
export interface CustomerEventData {
  customerId: string;
  customerName: string;
  /** message_responded only. */
  by?: RespondedBy;
}

/** The data of a 'conversation_updated' event. */
export interface ConversationUpdatedData {
  customerId: string;
  /** The conversation's assignee now (null: unassigned); absent on events sent before assignment existed. */
  assigneeId?: string | null;
  /** Who assigned it, when the change was an assignment. */
  assignedBy?: string;
}

/** What a member is doing in a thread: viewing it, typing a reply, or gone (left it). */
export const PRESENCE_STATES = ['viewing', 'typing', 'left'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/**
 * A browser tab's message on /ws (the only one it sends): its member is viewing or typing in this customer's
 * thread, refreshed every PRESENCE_REFRESH_MS while it lasts; `left` ends it at once.
 */
export interface PresenceMessage {
  type: 'presence';
  customerId: string;
  state: PresenceState;
}

/** The data of a 'presence' event, relayed by the gateway to the workspace's other members' sockets. */
export interface PresenceData {
  customerId: string;
  userId: string;
  name: string;
  state: PresenceState;
}

/** How often a tab repeats its presence while it lasts; a presence not repeated for PRESENCE_TTL_MS is gone. */
export const PRESENCE_REFRESH_MS = 3_000;
export const PRESENCE_TTL_MS = 8_000;

/** The data of a 'customer_updated' event: the customer's stage after the change (the board moves their card). */
export interface CustomerUpdatedData {
  customerId: string;
  stage: CustomerStage;
}

/** The data of an 'email_campaign_progress' event: the campaign's status and counts now. */
export interface EmailCampaignProgressData {
  campaignId: string;
  status: CampaignStatus;
  totalRecipients: number;
  sentCount: number;
  openCount: number;
  clickCount: number;
  sentAt: string | null;
}

/** The data of a 'training_document_status' event: a document finished processing (completed or failed). */
export interface TrainingDocumentStatusData {
  documentId: string;
  status: TrainingDocumentStatus;
  processingError: string | null;
}

/** The data of an 'integration_moved' event: the platform, and the names of the pages taken. */
export interface IntegrationMovedData {
  platform: string;
  pages: string[];
}

/** The data of a 'message_status' event: an outgoing message was sent, delivered, read or failed. */
export interface MessageStatusData {
  messageId: string;
  customerId: string;
  status: string;
  failureReason: string | null;
}

/**
 * The close code of a /ws socket whose session ended (logout, reset, expiry): the browser must not
 * reconnect, but find out it is signed out. 4000–4999 are the application's; 4401 echoes HTTP 401.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** Published on REALTIME_SUBJECT. */
export interface OwnerEvent {
  ownerId: string;
  event: RealtimeEvent;
  /** Only this member's sockets get it (a new message in the conversation assigned to them). */
  userId?: string;
  /** Every member's sockets but this one's (the others' copy of an event targeted at them, a presence). */
  exceptUserId?: string;
}

/** Which of the workspace's members an event is for: everyone (absent), one, or everyone but one. */
export type EventTarget = Pick<OwnerEvent, 'userId' | 'exceptUserId'>;
