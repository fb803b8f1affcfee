import { newSignInMail, passwordChangedMail, resetCodeMail, signUpCodeMail } from './templates';

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

describe('mails that name the device', () => {
  it('says from which device a password reset was asked for', () => {
    const mail = resetCodeMail('a@b.co', 'Asha', '123456', {
      device: 'Chrome on Android',
      timeZone: 'Asia/Kolkata',
    });
    expect(mail.text).toContain(
      'The reset was asked for from Chrome on Android, Kolkata time. If it was not you',
    );
    expect(mail.html).toContain('Chrome on Android, Kolkata time');
  });

  it('tells of a new sign-in with the device, the time and where to sign it out', () => {
    const mail = newSignInMail('a@b.co', undefined, {
      device: 'Safari on iPhone',
      timeZone: 'Europe/London',
      when: new Date('2026-11-22T10:00:00Z'),
      accountUrl: 'https://kartlink.example/dashboard/account',
    });
    expect(mail.subject).toBe('New sign-in to your Kartlink account');
    expect(mail.text).toContain(
      'signed in to from Safari on iPhone, London time on Sun, 22 Nov 2026 10:00:00 GMT',
    );
    expect(mail.text).toContain('https://kartlink.example/dashboard/account');
    expect(mail.html).toContain('href="https://kartlink.example/dashboard/account"');
  });

  it('escapes a device label so that it cannot inject markup', () => {
    const mail = newSignInMail('a@b.co', undefined, {
      device: '<script>x</script>',
      timeZone: null,
      when: new Date(),
      accountUrl: 'https://kartlink.example/dashboard/account',
    });
    expect(mail.html).not.toContain('<script>');
  });
});
