// Moved to server-kit (marketing-service needs the same checks); kept so imports here stay short.
export { isCheckViolation, isUniqueViolation } from '@parley/server-kit';
