import { Injectable } from '@nestjs/common';
import { type EventTarget, type OwnerEvent, REALTIME_SUBJECT, type RealtimeEvent } from '@parley/contracts';
import { ServiceClient } from '../nats/service-client';

/**
 * Pushes a notification to the owner's open browser tabs: any service publishes `{ ownerId, event }` on
 * REALTIME_SUBJECT and the gateway's /ws sends `event` to that owner's sockets. Fire-and-forget: for what
 * a tab shows while it is open (progress, "new lead"), never for anything that must not be lost.
 * A service lists it among its providers (it needs the ServiceClient of ServiceKitModule).
 */
@Injectable()
export class OwnerEvents {
  constructor(private readonly bus: ServiceClient) {}

  /** To every member's tabs, or (`target`) to one member's, or to every member's but one's. */
  emit(ownerId: string, event: RealtimeEvent, target?: EventTarget): void {
    const payload: OwnerEvent = { ownerId, event, ...target };
    this.bus.emit(REALTIME_SUBJECT, payload);
  }
}
