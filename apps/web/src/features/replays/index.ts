/** What the rest of the app may use of the replays feature (docs/agent.md, "Replay"); its other files are its own. */
export { TestChangeButton } from './components/TestChangeButton';
export { SavedTestCases } from './components/SavedTestCases';
export { useSaveTestCaseMutation } from './api';
