import { startMailCatcher, startMailDev } from '../src/mail';
import { isPortFree } from '../src/ports';

describe('startMailDev', () => {
  it('runs MailDev on spare ports until stopped', async () => {
    const mail = await startMailDev();
    const smtpPort = Number(new URL(mail.smtpUrl).port);
    try {
      expect(mail.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(await isPortFree(smtpPort)).toBe(false);
      const inbox = await fetch(`${mail.apiUrl}/email`);
      expect(inbox.status).toBe(200);
      expect(await inbox.json()).toEqual([]);
    } finally {
      await mail.stop();
    }
    expect(await isPortFree(smtpPort)).toBe(true);
    await expect(fetch(`${mail.apiUrl}/healthz`)).rejects.toThrow();
  });
});

describe('startMailCatcher', () => {
  it("uses the user's SMTP server when one is given, starting nothing", async () => {
    const mail = await startMailCatcher({ smtpUrl: 'smtp://mail.example.com:587' });
    expect(mail).toEqual({ smtpUrl: 'smtp://mail.example.com:587', stop: expect.any(Function) });
  });
});
