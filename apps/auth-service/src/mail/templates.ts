import { describeDevice, OTP_VALIDITY_SECONDS } from '@kartlink/contracts';
import type { Mail } from './mailer.service';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title></head>
<body style="margin:0;background:#f5f5fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1b2e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:700;color:#4338ca;padding-bottom:24px">Kartlink</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="font-size:12px;color:#6b6b80;padding-top:32px">You get this e-mail because someone used this address on Kartlink. If it was not you, you can ignore it.</td></tr>
</table></td></tr></table></body></html>`;
}

const minutes = Math.round(OTP_VALIDITY_SECONDS / 60);

/** Where a request came from, as the gateway read it: its device label and time zone. */
export interface RequestDevice {
  device?: string | null;
  timeZone?: string | null;
}

function codeMail(
  to: string,
  subject: string,
  intro: string,
  name: string | undefined,
  code: string,
  origin?: string,
): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const from = origin ? `\n\n${origin}` : '';
  return {
    to,
    subject,
    text: `${greeting}\n\n${intro}\n\n    ${code}\n\nThe code works for ${minutes} minutes and only once. Never share it with anyone: Kartlink will never ask you for it.${from}\n\n— Kartlink`,
    html: layout(
      subject,
      `<p>${escape(greeting)}</p><p>${escape(intro)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;text-align:center;background:#eef0ff;border-radius:8px;padding:16px;margin:24px 0">${code}</p>
<p>The code works for ${minutes} minutes and only once. Never share it with anyone: Kartlink will never ask you for it.</p>${origin ? `<p>${escape(origin)}</p>` : ''}`,
    ),
  };
}

export const signUpCodeMail = (to: string, name: string, code: string) =>
  codeMail(
    to,
    `${code} is your Kartlink verification code`,
    'Enter this code to finish creating your Kartlink account:',
    name,
    code,
  );

export const resetCodeMail = (
  to: string,
  name: string | undefined,
  code: string,
  origin: RequestDevice = {},
) =>
  codeMail(
    to,
    `${code} is your Kartlink password reset code`,
    'Enter this code to choose a new password for your Kartlink account:',
    name,
    code,
    `The reset was asked for from ${describeDevice(origin.device, origin.timeZone)}. If it was not you, ignore this e-mail: your password stays as it is.`,
  );

/** A sign-in from a device (label and time zone) the account had not signed in from before. */
export function newSignInMail(
  to: string,
  name: string | undefined,
  signIn: RequestDevice & { when: Date; accountUrl: string },
): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const subject = 'New sign-in to your Kartlink account';
  const text = `Your Kartlink account was signed in to from ${describeDevice(signIn.device, signIn.timeZone)} on ${signIn.when.toUTCString()}.`;
  const fine = 'If this was you, there is nothing to do.';
  const advice = `If it was not you, sign that device out under "Signed-in devices" on your account page and change your password: ${signIn.accountUrl}`;
  return {
    to,
    subject,
    text: `${greeting}\n\n${text}\n\n${fine}\n\n${advice}\n\n— Kartlink`,
    html: layout(
      subject,
      `<p>${escape(greeting)}</p><p>${escape(text)}</p><p>${escape(fine)}</p>
<p>If it was not you, sign that device out under “Signed-in devices” on <a href="${escape(signIn.accountUrl)}">your account page</a> and change your password.</p>`,
    ),
  };
}

export function passwordChangedMail(to: string, name: string | undefined, when: Date): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const at = when.toUTCString();
  const text = `The password of your Kartlink account was changed on ${at}, and every other device was signed out.`;
  const advice =
    'If you did not do this, reset your password right away from the sign-in page and contact support.';
  return {
    to,
    subject: 'Your Kartlink password was changed',
    text: `${greeting}\n\n${text}\n\n${advice}\n\n— Kartlink`,
    html: layout(
      'Your Kartlink password was changed',
      `<p>${escape(greeting)}</p><p>${escape(text)}</p><p>${escape(advice)}</p>`,
    ),
  };
}

/** The code that confirms deleting an account that signs in with Google only. */
export const deletionCodeMail = (to: string, name: string | undefined, code: string) =>
  codeMail(
    to,
    `${code} is your Kartlink account deletion code`,
    'Enter this code on your account page to delete your Kartlink account, your shop and everything in it. This cannot be undone:',
    name,
    code,
    'If you did not ask to delete your account, ignore this e-mail: nothing is deleted without the code.',
  );

/** Sent once the account is gone: the address is not kept after it. */
export function accountDeletedMail(to: string, name: string | undefined, when: Date): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const subject = 'Your Kartlink account was deleted';
  const text = `Your Kartlink account, your shop, its products, images, banners and figures were deleted on ${when.toUTCString()}. Your shop's address no longer opens.`;
  return {
    to,
    subject,
    text: `${greeting}\n\n${text}\n\nThank you for selling with us.\n\n— Kartlink`,
    html: layout(
      subject,
      `<p>${escape(greeting)}</p><p>${escape(text)}</p><p>Thank you for selling with us.</p>`,
    ),
  };
}

/** A webhook endpoint failed for a day and was disabled (shop-service asks for it). */
export function webhookDisabledMail(
  to: string,
  name: string | undefined,
  url: string,
  failingSince: Date,
): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const subject = 'A Kartlink webhook endpoint was disabled';
  const text = `Every delivery to your webhook endpoint ${url} has failed since ${failingSince.toUTCString()}, so we disabled it: no more events are sent to it.`;
  const advice =
    'Once the endpoint answers again with a 2xx status, enable it on the Webhooks page of your dashboard. Its delivery log shows what it answered.';
  return {
    to,
    subject,
    text: `${greeting}\n\n${text}\n\n${advice}\n\n— Kartlink`,
    html: layout(
      subject,
      `<p>${escape(greeting)}</p><p>${escape(text)}</p><p>${escape(advice)}</p>`,
    ),
  };
}
