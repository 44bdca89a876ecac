// `@parley/agent/testing`: for tests and the evaluation only. A local server speaking OpenAI's chat completions.
export * from './fake-openai-server';
