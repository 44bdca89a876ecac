import type { RealtimeEvent, RealtimeEventType } from '@parley/contracts';
import { useEffect, useRef } from 'react';

type Listener = (event: RealtimeEvent) => void;

/** Sends a frame on the tab's socket (RealtimeNotifications sets it while the socket exists). */
let sender: ((frame: string) => boolean) | undefined;

/** RealtimeNotifications hands its socket's `send` here (undefined when it closes). */
export function setRealtimeSender(send: ((frame: string) => boolean) | undefined): void {
  sender = send;
}

/**
 * Sends a message to the server on the tab's /ws socket (a presence: docs/teams.md, "Presence"); false when
 * there is no open socket, and the message is dropped (presence is refreshed anyway).
 */
export function sendRealtime(message: object): boolean {
  return sender?.(JSON.stringify(message)) ?? false;
}

/** The components listening to the tab's one socket (RealtimeNotifications owns it). */
const listeners = new Set<Listener>();

/** Hands one /ws event to every component listening for its type. */
export function deliverRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of listeners) listener(event);
}

/**
 * Calls `onEvent` with each /ws event of `type` while the calling component is mounted: for events a
 * page shows itself (the catalogue upload's progress) instead of the notification popup.
 */
export function useRealtimeEvent(type: RealtimeEventType, onEvent: (event: RealtimeEvent) => void): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const listener: Listener = (event) => {
      if (event.type === type) latest.current(event);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [type]);
}
