import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './test-server.js';

/** A mail as the SMTP server received it. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface SmtpTestServer {
  readonly port: number;
  readonly mails: ReceivedMail[];
  /** The passwords clients signed in with (to check the right one arrived). */
  readonly logins: string[];
  /** Waits for the next mail to this address not yet taken, and takes it. */
  takeMail(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS), requiring `user`/`password` when given. */
export async function startSmtpTestServer(credentials?: { user: string; password: string }): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: credentials === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: credentials === undefined,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.password ?? '');
      if (auth.username === credentials?.user && auth.password === credentials?.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const address = (value: typeof parsed.to): string =>
            value === undefined ? '' : Array.isArray(value) ? value.map((v) => v.text).join(', ') : value.text;
          mails.push({
            from: address(parsed.from),
            to: address(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    logins,
    async takeMail(to) {
      const index = await eventually(
        async () => mails.findIndex((mail) => mail.to === to),
        (found) => found >= 0,
      );
      if (index < 0) throw new Error(`no mail to ${to} arrived`);
      return mails.splice(index, 1)[0]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
