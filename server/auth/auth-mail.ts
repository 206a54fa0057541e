import type { Mailer } from '../mail/mailer.js';

/** What the flows that send mail need besides the auth state; the clock is injectable for tests. */
export interface AuthMail {
  readonly mailer: Mailer;
  /** The server's public URL (`server.url`, else the address it listens on), without a trailing slash. */
  readonly serverUrl: () => string;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  readonly log: AuthLog;
}

export interface AuthLog {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * Sends without making the answer wait: the answer is the same, after the same time, whether or
 * not the address belongs to someone. A failure goes to the log (its message only: nodemailer's
 * errors name the server, never the password).
 */
export function sendInBackground(mail: AuthMail, send: () => Promise<unknown>, what: string): void {
  send().catch((error: unknown) => mail.log.error(`${what} could not be sent: ${(error as Error).message}`));
}
