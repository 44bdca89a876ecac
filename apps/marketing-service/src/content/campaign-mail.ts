import type Mail from 'nodemailer/lib/mailer';

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

/** The mail of one recipient. */
export function campaignMail(content: MailContent, recipient: Recipient, messageId: string): Mail.Options {
  return {
    to: recipient.email,
    subject: content.subject,
    html: content.html,
    ...(content.text === null ? {} : { text: content.text }),
    messageId,
  };
}
