import { passwordChangedMail, signUpCodeMail } from './templates';

describe('mail templates', () => {
  it('puts the code in the subject, the text and the HTML', () => {
    const mail = signUpCodeMail('asha@example.com', 'Asha', '042917');
    expect(mail.subject).toBe('042917 is your Kartlink verification code');
    expect(mail.text).toContain('Hi Asha,');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('>042917</p>');
  });

  it('escapes a name so that it cannot inject markup', () => {
    const mail = signUpCodeMail('x@example.com', '<img src=x onerror=alert(1)>', '123456');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('tells when the password changed and what to do if it was not you', () => {
    const mail = passwordChangedMail('a@b.co', undefined, new Date('2026-11-22T10:00:00Z'));
    expect(mail.subject).toBe('Your Kartlink password was changed');
    expect(mail.text).toContain('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(mail.text).toContain('If you did not do this');
  });
});
