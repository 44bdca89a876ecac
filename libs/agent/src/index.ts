// `@parley/agent`: the agent's pure core, read in the order a message travels (docs/agent.md, "The pipeline").
// No framework, database or broker here: messaging-service's agent module reads the owner's data and calls these.
export * from './agent-provider';
export { detectLanguage } from './local/language';
export { followUpText, withTopicWords } from './local/retrieve';
export { analyseMessage, asksForPerson } from './local/classify';
export { handOffText } from './local/compose';
export { LocalAgentProvider } from './local/local-provider';
export { soundTokensOf } from './local/sound';
export { OpenAiAgentProvider, type OpenAiProviderOptions } from './openai/openai-provider';
export { type CheckedReply, type ClaimCheckNote, checkClaims } from './claim-check';
export {
  type CheckedPassage,
  checkKnowledge,
  checkPassage,
  type PriceConflict,
  priceSentences,
} from './knowledge-claims';
export {
  type DescriptionParts,
  publicDescription,
  publicSentences,
  splitDescription,
} from './company-description';
export { greetingName, plausibleName } from './customer-name';
export { checkReply, type GuardedReply, type PrivateNoteCheck, privateNotesOf } from './private-notes';
export { LANGUAGE_PACKS, type LanguagePack, PHRASEBOOKS } from './languages';
