import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import { createTransport, type Transporter } from 'nodemailer';
import type { AuthConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Outgoing mail over SMTP; which server is set by SMTP_URL alone. */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = createTransport(config.SMTP_URL);
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    // The address is personal data: log the message id, not the recipient.
    this.logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
  }

  onModuleDestroy() {
    this.transport.close();
  }
}
