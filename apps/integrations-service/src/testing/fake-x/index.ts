export * from './fake-x';
export * from './fake-x-oauth';
export * from './x-payloads';
