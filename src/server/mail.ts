import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

export const MAIL_FROM = 'Manitas <no-responder@manitas.local>';

/** SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox as a .eml file. */
export function createMailer(opts: { smtpUrl: string | null; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(msg) {
        await transport.sendMail({ from: MAIL_FROM, ...msg });
        opts.log.info({ mail: 'sent' }, 'correo enviado por SMTP');
      },
    };
  }
  return {
    async send(msg) {
      // The mails hold recovery links (secrets): the folder and each file are the server user's alone.
      mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 });
      chmodSync(opts.outboxDir, 0o700);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(opts.outboxDir, name);
      const eml = [`From: ${MAIL_FROM}`, `To: ${msg.to}`, `Subject: ${msg.subject}`, 'Content-Type: text/plain; charset=utf-8', '', msg.text, ''].join('\r\n');
      writeFileSync(file, eml, { mode: 0o600 });
      // The file name only: the mail's body holds a secret link.
      opts.log.info({ outbox: name }, 'SMTP no configurado: correo guardado en outbox');
    },
  };
}
