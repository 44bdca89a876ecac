// Moved to server-kit (marketing-service pages its lists the same way); kept so imports here stay short.
export {
  type ColumnIndex,
  columnIndex,
  newestFirstPage,
  type NewestFirstList,
  positionBy,
  toPage,
} from '@parley/server-kit';
