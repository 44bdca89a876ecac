export * from './fake-data';
export * from './fake-meta';
export * from './meta-payloads';
export * from './sign';
