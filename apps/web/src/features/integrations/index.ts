/** What the rest of the app may use of the integrations feature; its other files are its own. */
export { useHealthProblemText } from './components/HealthAlert';
export { HealthBadge } from './components/HealthBadge';
export { HealthProblems } from './components/HealthProblems';
export { NoPlatformsNotice } from './components/NoPlatformsNotice';
export { ReconnectLink } from './components/ReconnectLink';
export { ReconnectReason } from './components/ReconnectReason';
export { useConnectedReturn } from './use-connected-return';
export { WIZARD_STORAGE_KEY } from './wizard-storage';
