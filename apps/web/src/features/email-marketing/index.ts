/** What the rest of the app may use of the email-marketing feature; its other files are its own. */
export { MakeSubscriberButton } from './components/MakeSubscriberButton';
