import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One outgoing message: plain text with a link or a short notice, never patient data. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

let envTransport: { url: string; transport: ReturnType<typeof nodemailer.createTransport> } | undefined;

/**
 * Sends one message through the SMTP server of `SMTP_URL` (from `MAIL_FROM`): true when sent,
 * false when `SMTP_URL` is unset (nothing is pretended). The app's routes use the {@link Mailer}
 * the app was built with (tests read a {@link MemoryMailer}); this is the same transport for code
 * outside a request.
 */
export async function sendMail(message: { to: string; subject: string; text: string; html?: string }): Promise<boolean> {
  const url = process.env.SMTP_URL;
  if (!url) return false;
  if (envTransport?.url !== url) envTransport = { url, transport: nodemailer.createTransport(url) };
  await envTransport.transport.sendMail({ from: process.env.MAIL_FROM ?? 'ClinicFlow <no-reply@localhost>', ...message });
  return true;
}
