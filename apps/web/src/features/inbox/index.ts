/** What the rest of the app may use of the inbox feature; its other files are its own. */
export { inboxPath } from './links';
