/** What the rest of the app may use of the billing feature. */
export { RefillCard } from './components/RefillCard';
export { useActivateFreePlanMutation, useGetPlansQuery } from './api';
