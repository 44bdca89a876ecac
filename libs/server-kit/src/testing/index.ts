// `@parley/server-kit/testing`: helpers for tests only. The services never load this entry, so what these
// need (smtp-server, for one) stays a development dependency.
export * from './hostile-inputs';
export * from './smtp-sink';
export * from './test-files';
export * from './tcp-proxy';
export * from './test-infra';
export * from './until';
