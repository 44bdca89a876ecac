import { Injectable } from '@nestjs/common';
import { type OwnerEvent, REALTIME_SUBJECT, type RealtimeEvent } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';

/** Pushes a notification to the owner's open browser tabs (through the gateway's /ws). */
@Injectable()
export class OwnerEvents {
  constructor(private readonly bus: ServiceClient) {}

  emit(ownerId: string, event: RealtimeEvent): void {
    const payload: OwnerEvent = { ownerId, event };
    this.bus.emit(REALTIME_SUBJECT, payload);
  }
}
