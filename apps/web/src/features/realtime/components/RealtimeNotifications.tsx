import { useEffect, useRef } from 'react';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { isPopupEvent, RECONNECT_INVALIDATIONS, REALTIME_INVALIDATIONS } from '../realtime-events';
import { connectRealtime, realtimeUrl } from '../realtime-socket';
import { deliverRealtimeEvent, setRealtimeSender } from '../use-realtime-event';
import { useRealtimePopup } from './use-realtime-popup';

/**
 * The signed-in tab's /ws socket (opened on mount, closed on unmount: at logout the shell unmounts).
 * Each event refreshes what it changed, reaches the components listening for it (`useRealtimeEvent`) and,
 * unless a page shows it itself, shows the popup. It renders nothing itself: the popup is a notice of the
 * toasts' stack.
 */
export function RealtimeNotifications() {
  const dispatch = useAppDispatch();
  const showPopup = useRealtimePopup();
  // The socket stays open across language changes; the popup uses the language of the moment.
  const latestShowPopup = useRef(showPopup);
  useEffect(() => {
    latestShowPopup.current = showPopup;
  });

  useEffect(() => {
    const connection = connectRealtime({
      url: realtimeUrl(),
      onEvent: (event) => {
        dispatch(api.util.invalidateTags([...REALTIME_INVALIDATIONS[event.type]]));
        deliverRealtimeEvent(event);
        if (isPopupEvent(event)) latestShowPopup.current(event);
      },
      onReconnect: () => dispatch(api.util.invalidateTags([...RECONNECT_INVALIDATIONS])),
      // Asking who is signed in answers 401, which sends the tab to the sign-in page.
      onSessionEnded: () => dispatch(api.util.invalidateTags(['CurrentUser'])),
    });
    setRealtimeSender(connection.send);
    return () => {
      setRealtimeSender(undefined);
      connection.close();
    };
  }, [dispatch]);

  return null;
}
