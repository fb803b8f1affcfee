import { loadConfig } from '@kartlink/config';
import { createLogger } from '@kartlink/server-kit';
import { fetchMail } from '@kartlink/testing';
import { configSchema } from '../src/config';
import { MailerService } from '../src/mail/mailer.service';

describe('MailerService', () => {
  it('delivers a readable HTML and plain-text mail through the SMTP server of SMTP_URL', async () => {
    const config = loadConfig(configSchema, {
      ...process.env,
      MAIL_FROM: 'Kartlink <hello@kartlink.test>',
    });
    const mailer = new MailerService(config, createLogger('auth-service', 'silent'));
    const to = `asha.${Date.now()}@example.com`;
    await mailer.send({
      to,
      subject: 'Your Kartlink code',
      text: 'Your code is 123456',
      html: '<p>Your code is <strong>123456</strong></p>',
    });
    mailer.onModuleDestroy();

    const mail = await fetchMail(to);
    expect(mail).toMatchObject({
      subject: 'Your Kartlink code',
      text: expect.stringContaining('Your code is 123456'),
      html: expect.stringContaining('<strong>123456</strong>'),
      from: [{ address: 'hello@kartlink.test', name: 'Kartlink' }],
    });
  });
});
