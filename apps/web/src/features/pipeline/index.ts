/** What the rest of the app may use of the pipeline feature; its other files are its own. */
export { StageHistory } from './components/StageHistory';
