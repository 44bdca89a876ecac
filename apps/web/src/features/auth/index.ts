/** What the rest of the app may use of the auth feature; its other files are its own. */
export { useAuth } from './auth-context';
