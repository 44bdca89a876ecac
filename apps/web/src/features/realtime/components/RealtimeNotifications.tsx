import { useEffect, useState } from 'react';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import {
  isPopupEvent,
  type PopupEvent,
  RECONNECT_INVALIDATIONS,
  REALTIME_INVALIDATIONS,
} from '../realtime-events';
import { connectRealtime, realtimeUrl } from '../realtime-socket';
import { deliverRealtimeEvent } from '../use-realtime-event';
import { RealtimePopup } from './RealtimePopup';

/** Spec 001 §9: a notification shows this long. */
export const POPUP_DURATION_MS = 5000;

interface ShownEvent {
  event: PopupEvent;
  /** A new event restarts the timer even when its text repeats the previous one. */
  serial: number;
}

/**
 * The signed-in tab's /ws socket (opened on mount, closed on unmount: at logout the shell unmounts).
 * Each event refreshes what it changed, reaches the components listening for it (`useRealtimeEvent`) and,
 * unless a page shows it itself, shows the popup.
 */
export function RealtimeNotifications() {
  const dispatch = useAppDispatch();
  const [shown, setShown] = useState<ShownEvent | null>(null);

  useEffect(() => {
    let serial = 0;
    const connection = connectRealtime({
      url: realtimeUrl(),
      onEvent: (event) => {
        dispatch(api.util.invalidateTags([...REALTIME_INVALIDATIONS[event.type]]));
        deliverRealtimeEvent(event);
        if (!isPopupEvent(event)) return;
        serial += 1;
        setShown({ event, serial });
      },
      onReconnect: () => dispatch(api.util.invalidateTags([...RECONNECT_INVALIDATIONS])),
      // Asking who is signed in answers 401, which sends the tab to the sign-in page.
      onSessionEnded: () => dispatch(api.util.invalidateTags(['CurrentUser'])),
    });
    return () => connection.close();
  }, [dispatch]);

  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), POPUP_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return shown ? <RealtimePopup event={shown.event} onClose={() => setShown(null)} /> : null;
}
