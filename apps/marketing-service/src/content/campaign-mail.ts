import { type Language, textDirectionOf } from '@parley/contracts';
import { compile } from 'html-to-text';
import juice from 'juice';
import type Mail from 'nodemailer/lib/mailer';
import { FOOTER_TEXTS } from './footer-texts';
import { fillSkeleton, skeletonOf } from './mail-skeleton';
import { type MailVariables, personaliseHtml, personaliseText } from './personalise';
import { sanitiseHtml } from './sanitise';

/** Who a mail is for, as the subscriber row has it. */
export interface Recipient {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** What the owner wrote: the campaign's (or template's) subject and content. */
export interface MailContent {
  subject: string;
  html: string;
  text: string | null;
}

/**
 * Whose mail it is: the business's name and postal address (from its AI configuration), and the language our
 * footer speaks (the owner's).
 */
export interface Sender {
  companyName: string;
  address: string | null;
  language: Language;
}

/**
 * The HTML as text: the mail's text part (wrapped at 78, headings in capitals as plain-text mail writes them) and
 * the thread's copy (unwrapped, headings as written: it sits among chat messages), images left out.
 * Compiled once: `convert` builds its selectors and formatters again on every call, ~80 % of its time
 * on a campaign mail (docs/performance.md, "Email campaign").
 */
const mailText = compile({ wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] });
const threadHtmlText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
});

/** The longest text of a mail kept in a customer's thread (a chat message's longest). */
const THREAD_TEXT_MAX = 4096;

/** Everything a recipient's mail needs besides the content. */
export interface MailContext {
  recipient: Recipient;
  sender: Sender;
  /** The recipient's signed unsubscribe link (GET shows a page, POST is RFC 8058's one-click). */
  unsubscribeUrl: string;
  messageId: string;
  /** A delivery's open pixel and click redirects (docs/email.md, "Tracking"); none in a test mail. */
  tracking?: MailTracking;
}

/** The signed tracking links of one delivery. */
export interface MailTracking {
  /** The 1×1 image whose loading counts the delivery's open. */
  openUrl: string;
  /** The redirect to `url` that counts the delivery's click. */
  clickUrl: (url: string) => string;
}

/**
 * One recipient's mail (docs/email.md, "Content"): the owner's HTML personalised (liquidjs, every value
 * escaped), its `<style>` CSS inlined (juice), sanitised (sanitize-html), then our footer with the
 * business's name and postal address and the unsubscribe link; the text part is the owner's, personalised,
 * or else the HTML as text (html-to-text), with the footer either way. List-Unsubscribe and
 * List-Unsubscribe-Post make unsubscribing one click in the mail client (RFC 8058). With `tracking`, the
 * owner's http(s) links become signed click redirects and an open pixel follows the footer; the text part
 * (written from that HTML when the owner wrote none) carries the same redirects. The personalised, inlined and
 * sanitised body is made once per campaign and filled per recipient when the template allows it
 * (mail-skeleton.ts), with the same bytes.
 */
export async function campaignMail(content: MailContent, context: MailContext): Promise<Mail.Options> {
  const { recipient, sender, unsubscribeUrl, tracking } = context;
  const variables = variablesOf(context);
  const skeleton = await skeletonOf(content.html, sender.companyName, tracking !== undefined);
  const body = skeleton
    ? fillSkeleton(skeleton, variables, tracking?.clickUrl)
    : sanitiseHtml(juice(await personaliseHtml(content.html, variables)), tracking?.clickUrl);
  const html = withFooter(
    body,
    footerHtml(sender, unsubscribeUrl) + (tracking ? openPixel(tracking.openUrl) : ''),
  );
  const text =
    content.text === null
      ? mailText(html)
      : `${await personaliseText(content.text, variables)}\n\n${footerText(sender, unsubscribeUrl)}`;
  return {
    to: recipient.email,
    subject: (await personaliseText(content.subject, variables)).replace(/\s+/g, ' ').trim(),
    html,
    text,
    messageId: context.messageId,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The mail as text for the customer's thread (docs/email.md, "Email in the conversation"): what the recipient
 * read, personalised, without tracking, footer or pixel (the owner opening it from the inbox must count no
 * click), at most a chat message's length.
 */
export async function threadText(
  content: MailContent,
  context: Pick<MailContext, 'recipient' | 'sender'>,
): Promise<string> {
  const variables = variablesOf(context);
  const text =
    content.text === null
      ? threadHtmlText(sanitiseHtml(await personaliseHtml(content.html, variables)))
      : await personaliseText(content.text, variables);
  const trimmed = text.trim() || (await personaliseText(content.subject, variables)).trim();
  return trimmed.length > THREAD_TEXT_MAX ? `${trimmed.slice(0, THREAD_TEXT_MAX - 1)}…` : trimmed;
}

function variablesOf({ recipient, sender }: Pick<MailContext, 'recipient' | 'sender'>): MailVariables {
  return {
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    email: recipient.email,
    companyName: sender.companyName,
  };
}

function footerHtml(sender: Sender, unsubscribeUrl: string): string {
  const lines = [sender.companyName, ...(sender.address ?? '').split(/\r?\n/)].filter((l) => l.trim() !== '');
  return (
    `<div lang="${sender.language}" dir="${textDirectionOf(sender.language)}" ` +
    'style="margin-top:32px;padding-top:16px;border-top:1px solid #e5e7eb;' +
    'font-family:Arial,sans-serif;font-size:12px;line-height:18px;color:#6b7280;text-align:center">' +
    `<p style="margin:0 0 8px">${lines.map(escapeHtml).join('<br>')}</p>` +
    `<p style="margin:0"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">` +
    `${FOOTER_TEXTS[sender.language].unsubscribe}</a></p>` +
    '</div>'
  );
}

function openPixel(url: string): string {
  return `<img src="${escapeHtml(url)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}

function footerText(sender: Sender, unsubscribeUrl: string): string {
  const lines = [sender.companyName, ...(sender.address ?? '').split(/\r?\n/)].filter((l) => l.trim() !== '');
  return `--\n${lines.join('\n')}\n${FOOTER_TEXTS[sender.language].unsubscribe}: ${unsubscribeUrl}`;
}

/** The footer goes at the end of the body (before `</body>` when the owner wrote a whole document). */
function withFooter(html: string, footer: string): string {
  const end = html.search(/<\/body>/i);
  return end < 0 ? `${html}${footer}` : `${html.slice(0, end)}${footer}${html.slice(end)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
