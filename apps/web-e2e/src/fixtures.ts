// `test` with the stack global setup started: `baseURL` points at it and `mailbox` reads the mails
// its SMTP sink received.
import { expect, test as base } from '@playwright/test';
import { type ReceivedMail } from './smtp-sink';
import { fromSetup, STACK_ENV } from './stack-env';

/** The verification link of the sign-up mail. */
export const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;

export interface Mailbox {
  /** The first link matching `pattern` in the newest mail to `to`, waiting up to 10 s for it. */
  linkFor(to: string, pattern: RegExp): Promise<string>;
}

export const test = base.extend<{ mailbox: Mailbox }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(fromSetup(STACK_ENV.baseUrl));
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  mailbox: async ({}, use) => {
    const inbox = fromSetup(STACK_ENV.inboxUrl);
    const newestLink = async (to: string, pattern: RegExp) => {
      const res = await fetch(`${inbox}/mails?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as ReceivedMail[];
      return pattern.exec(mails.at(-1)?.text ?? '')?.[0];
    };
    await use({
      async linkFor(to, pattern) {
        let link: string | undefined;
        await expect
          .poll(async () => (link = await newestLink(to, pattern)), {
            message: `a mail to ${to} with a link like ${pattern}`,
            timeout: 10_000,
          })
          .toBeDefined();
        if (!link) throw new Error(`no mail to ${to} with a link like ${pattern}`);
        return link;
      },
    });
  },
});

export { expect };
