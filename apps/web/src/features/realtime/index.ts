/** What the rest of the app may use of the realtime feature; its other files are its own. */
export { RealtimeNotifications } from './components/RealtimeNotifications';
export { sendRealtime, useRealtimeEvent } from './use-realtime-event';
