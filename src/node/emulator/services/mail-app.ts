/**
 * MailApp (https://developers.google.com/apps-script/reference/mail/mail-app) and the document owner's User
 * (https://developers.google.com/apps-script/reference/base/user). Nothing is sent: each e-mail is recorded on the
 * spreadsheet (`sentMail`), so tests count them and the local server prints "would send: …".
 *
 * Assumption mail-quota (../assumptions.ts): "Quotas are based on the number of email recipients"; a consumer account
 * has 100 recipients a day (Quotas for Google Services), and a message takes at most 50 recipients.
 */
import type { SentMail } from '../model/emulated-spreadsheet';
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError, signatureMismatch } from '../runtime/service-error';

export const MAX_RECIPIENTS_PER_MESSAGE = 50;
/** Quotas page, current limitations: "Email body size 200 KB / msg" (consumer). Assumption mail-quota: 200,000 B. */
export const MAX_BODY_BYTES = 200_000;

export class MailApp {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /** "Returns the number of recipients you can send emails to for the rest of the day." */
  getRemainingDailyQuota(): number {
    return this.#scope.spreadsheet.mailQuota;
  }

  /**
   * sendEmail(recipient, subject, body[, options]) or sendEmail(message): `recipient` is one address or several
   * separated by commas. The other forms (to, replyTo, subject, body) are not used by the product.
   */
  sendEmail(...args: unknown[]): void {
    const [first, subject, body] = args;
    const message =
      typeof first === 'object' && first !== null && args.length === 1
        ? (first as { to?: unknown; subject?: unknown; body?: unknown; htmlBody?: unknown })
        : { to: first, subject, body };
    const { to } = message;
    const text = message.body ?? message.htmlBody;
    if (typeof to !== 'string' || typeof message.subject !== 'string' || typeof text !== 'string')
      throw signatureMismatch('MailApp.sendEmail', args);
    const recipients = to
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    if (recipients.length === 0 || recipients.some((address) => !/^[^\s@]+@[^\s@]+$/.test(address)))
      throw new ServiceError(`Invalid email: ${to}`);
    if (recipients.length > MAX_RECIPIENTS_PER_MESSAGE)
      throw new ServiceError('Limit Exceeded: Email Recipients Per Message.');
    const bodies = [message.body, message.htmlBody].filter((part): part is string => typeof part === 'string');
    if (bodies.reduce((bytes, part) => bytes + Buffer.byteLength(part, 'utf8'), 0) > MAX_BODY_BYTES)
      throw new ServiceError('Limit Exceeded: Email Body Size.');
    const spreadsheet = this.#scope.spreadsheet;
    if (spreadsheet.mailQuota < recipients.length)
      throw new ServiceError('Service invoked too many times for one day: email.');
    spreadsheet.mailQuota -= recipients.length;
    const sent: SentMail = {
      to: recipients,
      subject: message.subject,
      body: text,
      sentAt: this.#scope.now().toISOString(),
    };
    spreadsheet.sentMail.push(sent);
    spreadsheet.onMailSent?.(sent);
  }
}

/** The document's owner as Spreadsheet.getOwner() answers it. */
export class User {
  readonly #email: string;

  constructor(email: string) {
    this.#email = email;
  }

  getEmail(): string {
    return this.#email;
  }
}

/** How the local server and the demo print an e-mail a script sent: "would send: …", then the body, indented. */
export function describeSentMail(mail: SentMail): string {
  const body = mail.body
    .split('\n')
    .map((line) => `    ${line}`.trimEnd())
    .join('\n');
  return `  ✉️  would send to ${mail.to.join(', ')}: "${mail.subject}"\n${body}`;
}
