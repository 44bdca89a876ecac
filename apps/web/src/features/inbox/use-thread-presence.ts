import {
  PRESENCE_REFRESH_MS,
  PRESENCE_TTL_MS,
  type PresenceData,
  type PresenceMessage,
  type PresenceState,
} from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendRealtime, useRealtimeEvent } from '../realtime';

/** A member counts as typing this long after their last keystroke. */
export const TYPING_MS = 5_000;

function announce(customerId: string, state: PresenceState): void {
  const message: PresenceMessage = { type: 'presence', customerId, state };
  sendRealtime(message);
}

/**
 * Tells the workspace's other members that this tab shows the customer's thread (docs/teams.md, "Presence"):
 * `viewing` now and every PRESENCE_REFRESH_MS, `typing` while a key was pressed in the reply box in the last
 * TYPING_MS, `left` when the thread closes. Nothing is stored: a tab that stops (closed, offline) is forgotten by
 * the others after PRESENCE_TTL_MS. Returns what the reply box calls on each keystroke.
 */
export function useAnnouncePresence(customerId: string): () => void {
  const typedAt = useRef(0);
  const typing = useRef(false);

  useEffect(() => {
    const state = (): PresenceState => (Date.now() - typedAt.current < TYPING_MS ? 'typing' : 'viewing');
    const refresh = () => {
      const now = state();
      typing.current = now === 'typing';
      announce(customerId, now);
    };
    refresh();
    const timer = setInterval(refresh, PRESENCE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      announce(customerId, 'left');
    };
  }, [customerId]);

  return useCallback(() => {
    typedAt.current = Date.now();
    if (typing.current) return;
    // The first keystroke is told at once; the next ones ride on the refresh.
    typing.current = true;
    announce(customerId, 'typing');
  }, [customerId]);
}

/** Another member in this thread: their name and whether they are typing. */
export interface PresentMember {
  userId: string;
  name: string;
  state: Exclude<PresenceState, 'left'>;
}

/**
 * The other members viewing or typing in the customer's thread, from the 'presence' events of /ws; one not
 * refreshed for PRESENCE_TTL_MS is gone, and so is one who left. The signed-in member (another tab of theirs)
 * is not listed: the server does not send one's own presence back.
 */
export function useThreadPresence(customerId: string): PresentMember[] {
  const [present, setPresent] = useState<Map<string, PresentMember & { until: number }>>(() => new Map());

  useRealtimeEvent('presence', (event) => {
    const data = event.data as Partial<PresenceData> | undefined;
    if (!data?.userId || data.customerId !== customerId || typeof data.name !== 'string') return;
    const { userId, name, state } = data;
    setPresent((before) => {
      const next = new Map(before);
      if (state === 'viewing' || state === 'typing')
        next.set(userId, { userId, name, state, until: Date.now() + PRESENCE_TTL_MS });
      else next.delete(userId);
      return next;
    });
  });

  // Forgets whoever was not refreshed in time.
  const count = present.size;
  useEffect(() => {
    if (count === 0) return;
    const timer = setInterval(() => {
      setPresent((before) => {
        const at = Date.now();
        const next = new Map([...before].filter(([, member]) => member.until > at));
        return next.size === before.size ? before : next;
      });
    }, 1_000);
    return () => clearInterval(timer);
  }, [count]);

  return [...present.values()].map(({ userId, name, state }) => ({ userId, name, state }));
}
