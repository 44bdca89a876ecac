// Moved to server-kit (marketing-service pages its lists the same way); kept so imports here stay short.
export { type Cursor, decodeCursor, encodeCursor } from '@parley/server-kit';
