// Moved to server-kit (marketing-service checks ids the same way); kept so imports here stay short.
export { requireUuid, UUID } from '@parley/server-kit';
