// Sends mail over SMTP when SMTP_URL is set; otherwise keeps it in the outbox table for the dev page.
import nodemailer from 'nodemailer';
import type { Db } from '../db/query.ts';
import { insertOutboxMail } from './outbox-repository.ts';

export interface Mail {
  siteId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent along over SMTP (the dev outbox keeps the words only). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer({
  db,
  smtpUrl,
  from,
  now,
}: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  now: () => Date;
}): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        await insertOutboxMail(db, mail, now());
      },
      close() {},
    };
  }
  // nodemailer logs nothing unless asked to: message bodies carry codes and links no log may hold.
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
