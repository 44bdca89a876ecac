import { type RealtimeEvent, SESSION_ENDED_CLOSE_CODE } from '@parley/contracts';
import { parseRealtimeFrame } from './realtime-events';

/** Spec 001 §4 and §9: the socket reconnects this long after it closes. */
export const RECONNECT_DELAY_MS = 3000;

/** /ws on the page's own host; wss when the page is https. The session cookie authenticates it. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export interface RealtimeOptions {
  url: string;
  onEvent: (event: RealtimeEvent) => void;
  /** The socket is open again after it had closed (events may have been missed meanwhile). */
  onReconnect?: () => void;
  /** The server closed the socket because its session ended: no reconnect (the page must sign in again). */
  onSessionEnded?: () => void;
}

export interface RealtimeConnection {
  /** Sends a frame when the socket is open (a presence); false when it is not (the frame is dropped). */
  send: (frame: string) => boolean;
  /** Closes the socket for good: no reconnect. */
  close: () => void;
}

/**
 * One socket that reopens `RECONNECT_DELAY_MS` after every close, until `close()` is called or the
 * server says the session ended.
 */
export function connectRealtime({
  url,
  onEvent,
  onReconnect,
  onSessionEnded,
}: RealtimeOptions): RealtimeConnection {
  let socket: WebSocket | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let hasOpened = false;
  let closed = false;

  const open = () => {
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      if (hasOpened) onReconnect?.();
      hasOpened = true;
    };
    current.onmessage = (message: MessageEvent) => {
      const event = parseRealtimeFrame(message.data);
      if (event) onEvent(event);
    };
    current.onclose = (event: CloseEvent) => {
      socket = undefined;
      if (closed) return;
      if (event.code === SESSION_ENDED_CLOSE_CODE) onSessionEnded?.();
      else reconnectTimer = setTimeout(open, RECONNECT_DELAY_MS);
    };
  };

  open();
  return {
    send: (frame) => {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(frame);
      return true;
    },
    close: () => {
      closed = true;
      clearTimeout(reconnectTimer);
      if (socket) {
        socket.onclose = null;
        socket.onmessage = null;
        socket.close();
        socket = undefined;
      }
    },
  };
}
