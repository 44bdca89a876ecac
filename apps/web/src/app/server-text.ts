import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import en from '../locales/en/translation.json';
import { type ApiError, apiErrorMessage, isNetworkError } from './api-error';

type ServerMessages = (typeof en)['serverMessages'];
/** The keys of the sentences (a few entries are groups of sentences by platform, not sentences). */
type ServerMessageKey = {
  [K in keyof ServerMessages]: ServerMessages[K] extends string ? K : never;
}[keyof ServerMessages];

/**
 * The sentences our server answers with (and the shared ones of `@parley/contracts`), by their English
 * text. The server writes English; the user reads their own language. A sentence not listed here is
 * shown as the server wrote it. A sentence with values in it is listed with i18next's placeholders
 * (`Price is in {{written}}, not {{currency}}, …`): the values are read back from the server's sentence.
 */
const SERVER_MESSAGES = Object.entries(en.serverMessages).filter(
  (entry): entry is [ServerMessageKey, string] => typeof entry[1] === 'string',
);

const SERVER_MESSAGE_KEYS = new Map(
  SERVER_MESSAGES.filter(([, text]) => !text.includes('{{')).map(([key, text]) => [text, key]),
);

const SERVER_MESSAGE_PATTERNS = SERVER_MESSAGES.filter(([, text]) => text.includes('{{')).map(
  ([key, text]) => {
    const source = text
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        return name ? `(?<${name}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { key, pattern: new RegExp(`^${source}$`) };
  },
);

/** Translates a sentence the server sent, when we know it. */
export function useServerText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = SERVER_MESSAGE_KEYS.get(message);
      if (key !== undefined) return t(`serverMessages.${key}`);
      for (const { key: patternKey, pattern } of SERVER_MESSAGE_PATTERNS) {
        const values = pattern.exec(message)?.groups;
        if (values) return t(`serverMessages.${patternKey}`, { ...values, returnObjects: false });
      }
      return message;
    },
    [t],
  );
}

export interface FailureTexts {
  /** The server answered without a message of its own. */
  failed: string;
  /** No answer at all: network down or timed out. */
  network: string;
}

/** The text of a failed call, for a toast: the server's message (translated), else `failed`, else `network`. */
export function useFailureText(): (error: ApiError | undefined, texts: FailureTexts) => string {
  const serverText = useServerText();
  return useCallback(
    (error: ApiError | undefined, { failed, network }: FailureTexts) =>
      isNetworkError(error) ? network : serverText(apiErrorMessage(error, failed)),
    [serverText],
  );
}
