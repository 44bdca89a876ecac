/** What the rest of the app may use of the customers feature; its other files are its own. */
export { CustomerPicker } from './components/CustomerPicker';
export { StageSelect } from './components/StageSelect';
export { StageTag } from './components/StageTag';
