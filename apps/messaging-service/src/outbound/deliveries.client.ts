import { Injectable, Logger } from '@nestjs/common';
import {
  type DeliveryRequest,
  INTEGRATIONS_SUBJECTS,
  type ListTemplatesRequest,
  type WhatsAppTemplateResponse,
  workspaceActor,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { ThrottledWarning } from '../shared/throttled-warning';

/**
 * Hands outgoing messages to integrations-service, which delivers them through the customer's channel
 * (and reads the WhatsApp templates a person may send).
 * The message is stored `queued` first: when the hand-over fails (integrations-service down or slow), the
 * OutboundReconciler hands it over again later, and integrations-service takes each message once.
 */
@Injectable()
export class DeliveriesClient {
  private readonly failures = new ThrottledWarning(new Logger(DeliveriesClient.name));

  constructor(private readonly services: ServiceClient) {}

  /** False when the hand-over failed (logged, throttled): the message stays queued for the reconciler. */
  async handOver(ownerId: string, request: DeliveryRequest): Promise<boolean> {
    try {
      await this.services.send(INTEGRATIONS_SUBJECTS.enqueueDelivery, request, {
        actor: workspaceActor(ownerId),
      });
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failures.warn(
        (count) =>
          `${count} outgoing message(s) not handed over for delivery since the last warning (${reason}); ` +
          'the reconciler hands them over again',
      );
      return false;
    }
  }

  /** The approved templates of the owner's WhatsApp number `pageId`, as Meta has them now. */
  templates(ownerId: string, pageId: string): Promise<WhatsAppTemplateResponse[]> {
    const request: ListTemplatesRequest = { pageId };
    return this.services.send(INTEGRATIONS_SUBJECTS.listTemplates, request, { actor: workspaceActor(ownerId) });
  }
}
