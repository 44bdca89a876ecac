import type { MessageDirection } from './message-directions';
import type { MessageStatus } from './message-statuses';
import type { Platform } from '../../enums/platforms';

/** One customer message or reply. `responseTime`: seconds until an incoming message was answered. */
export interface MessageResponse {
  id: string;
  customerId: string;
  customerName: string | null;
  platform: Platform;
  content: string;
  direction: MessageDirection;
  status: MessageStatus;
  aiGenerated: boolean;
  timestamp: string;
  responseTime: number | null;
}
