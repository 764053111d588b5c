import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMail } from '@vaultscope/core';
import type { Config } from '../lib/config';
import type { Database } from '../lib/db/client';
import { mailOutbox } from '../lib/db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

/**
 * The embedded default: mail is kept in the database for the developer to read at
 * `/dev/outbox`. The log line says where, never what (codes are secrets).
 */
export class OutboxTransport implements MailTransport {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db.insert(mailOutbox).values(mail);
    this.log.info(
      { to: mail.to, subject: mail.subject },
      'mail kept in the dev outbox: read it at /dev/outbox',
    );
  }

  async list(limit = 50): Promise<OutboxMail[]> {
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}

export class SmtpTransport implements MailTransport {
  private readonly transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...mail });
  }
}

export function createMailTransport(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
): MailTransport {
  if (config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL)
    return new SmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  return new OutboxTransport(db, log);
}
