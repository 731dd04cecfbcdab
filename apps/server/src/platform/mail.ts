import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One outgoing message: plain text with a link or a short notice, never patient data. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends mail. `configured` is false when no SMTP server is set: callers then offer no mailed link
 * (an unverified account stays unverified) instead of pretending one was sent.
 */
export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
}

/** The mailer of a server without `SMTP_URL`: sends nothing and says so. */
export const noMailer: Mailer = {
  configured: false,
  async send() {
    throw new Error('Mail is not configured (SMTP_URL).');
  },
};

/** Sends through the SMTP server of `url` (`smtp://user:pass@host:587`, `smtps://...`). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Keeps what would have been sent; the test suites read it. */
export class MemoryMailer implements Mailer {
  readonly configured = true;
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The last message sent to `to`, if any. */
  lastTo(to: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === to).at(-1);
  }
}

/**
 * Sends when mail is configured; a failure is logged (without the text, which may hold a link)
 * and does not undo the request that asked for the mail. Returns whether it was sent.
 */
export async function sendIfConfigured(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger): Promise<boolean> {
  if (!mailer.configured) return false;
  try {
    await mailer.send(message);
    return true;
  } catch (err) {
    log.error({ err: (err as Error).message, subject: message.subject }, 'mail not sent');
    return false;
  }
}

let envMailer: Mailer | undefined;
/** The mailer of the process environment: SMTP_URL (and MAIL_FROM), read once. */
function mailerFromEnv(): Mailer {
  envMailer ??= process.env.SMTP_URL ? smtpMailer(process.env.SMTP_URL, process.env.MAIL_FROM || 'ClinicFlow <no-reply@localhost>') : noMailer;
  return envMailer;
}

/**
 * Sends one message through the SMTP server of `SMTP_URL`; false when it is unset (nothing is
 * sent) or the server refused it. For callers without the app's injected mailer.
 */
export async function sendMail(message: { to: string; subject: string; text: string; html?: string }): Promise<boolean> {
  const mailer = mailerFromEnv();
  if (!mailer.configured) return false;
  try {
    await mailer.send(message);
    return true;
  } catch {
    return false;
  }
}
