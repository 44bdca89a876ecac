import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AI_PAUSE_MS,
  type ChannelEchoData,
  type DeliveryStatusData,
  type MessageStatusData,
} from '@parley/contracts';
import { Batcher, inRounds, OwnerEvents } from '@parley/server-kit';
import { OutboundQueries, type StatusMoved, type StatusReport } from './outbound.queries';

/** What integrations-service tells about outgoing messages: where each stands, and replies sent from the page. */
@Injectable()
export class OutboundService {
  constructor(
    private readonly queries: OutboundQueries,
    private readonly events: OwnerEvents,
  ) {}

  /** Status reports arrive one per message; those arriving together are applied in one statement. */
  private readonly reports = new Batcher<StatusReport, StatusMoved | undefined>((reports) =>
    this.applyInRounds(reports),
  );

  /**
   * A person answered from the page's own inbox: stored once as their reply, and the AI leaves the customer
   * alone for AI_PAUSE_MS so that the two never talk over each other. `{ stored: false }` for a customer
   * the owner does not have, or an echo stored before.
   */
  async recordEcho(ownerId: string, echo: ChannelEchoData): Promise<{ stored: boolean }> {
    const stored = await this.queries.storeEcho({
      ownerId,
      platform: echo.platform,
      recipientId: echo.recipientId,
      platformMessageId: echo.platformMessageId,
      content: echo.content,
      messageId: randomUUID(),
      pauseMs: AI_PAUSE_MS,
    });
    if (!stored?.stored) return { stored: false };
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `Reply sent to ${stored.customerName} from the page's inbox`,
      data: { customerId: stored.customerId, customerName: stored.customerName, by: 'page' },
    });
    return { stored: true };
  }

  /** Moves an outgoing message forward (sent, delivered, read, or failed with the reason); quietly told to the owner's tabs. */
  async updateStatus(ownerId: string, report: DeliveryStatusData): Promise<{ updated: boolean }> {
    const moved = await this.reports.call({ ...report, ownerId });
    if (!moved) return { updated: false };
    const data: MessageStatusData = moved;
    this.events.emit(ownerId, { type: 'message_status', message: '', data: { ...data } });
    return { updated: true };
  }

  /**
   * One statement per round, each message at most once per round (a `sent` and a `delivered` for one message
   * arriving together apply in the order they came).
   */
  private applyInRounds(reports: StatusReport[]): Promise<(StatusMoved | undefined)[]> {
    return inRounds(
      reports,
      (report) => report.messageId,
      async (round) => {
        const moved = new Map((await this.queries.applyStatuses(round)).map((m) => [m.messageId, m]));
        return round.map((report) => moved.get(report.messageId));
      },
    );
  }
}
