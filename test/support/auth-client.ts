import {
  type AuthSession,
  type CodeSent,
  type CustomTokenAnswer,
  REFRESH_COOKIE,
} from '@kartlink/contracts';
import { stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';

export interface Answer<T = unknown> {
  status: number;
  body: {
    success: boolean;
    data: T;
    message?: string;
    error?: string;
    errorCode?: string;
    errors?: Array<{ path: string; msg: string }>;
  };
  setCookie: string | null;
}

/**
 * One visitor of the running product: its own address (X-Forwarded-For, as an ingress sets
 * it), its own refresh cookie, and its access token once signed in.
 */
export class Visitor {
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  refreshCookie?: string;
  accessToken?: string;

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await fetch(`${stackBaseUrl()}/api${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        ...(this.refreshCookie ? { cookie: `${REFRESH_COOKIE}=${this.refreshCookie}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    const match = setCookie && new RegExp(`${REFRESH_COOKIE}=([^;]*)`).exec(setCookie);
    if (match) this.refreshCookie = match[1] ? decodeURIComponent(match[1]) : undefined;
    const answer = {
      status: response.status,
      body: (await response.json()) as Answer<T>['body'],
      setCookie,
    };
    const data = answer.body.data as { accessToken?: string } | null;
    if (data && typeof data === 'object' && typeof data.accessToken === 'string')
      this.accessToken = data.accessToken;
    return answer;
  }

  post<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body ?? {});
  }
}

/** A visitor on a real browser: its user agent and time zone go with every call. */
export class Device extends Visitor {
  constructor(
    private readonly userAgent: string,
    private readonly timeZone: string,
  ) {
    super();
  }

  override call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    return super.call<T>(method, path, body, {
      'user-agent': this.userAgent,
      'x-time-zone': this.timeZone,
      ...headers,
    });
  }

  /** The session id of its access token. */
  get sessionId(): string {
    const claims = JSON.parse(
      Buffer.from(this.accessToken!.split('.')[1], 'base64url').toString(),
    ) as { sid: string };
    return claims.sid;
  }
}

export const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${randomInt(1e6)}@example.com`;

interface Mail {
  subject: string;
  text?: string;
  envelope: { to: Array<{ address: string }> };
}

async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${process.env.MAILDEV_API_URL}/email`);
  const all = (await response.json()) as Mail[];
  return all.filter((mail) =>
    mail.envelope.to.some((r) => r.address.toLowerCase() === email.toLowerCase()),
  );
}

/** How many mails this address has received so far. */
export async function mailCount(email: string): Promise<number> {
  return (await mailsTo(email)).length;
}

/** Waits for mail number `index` (0-based) to this address and returns it. */
export async function mailNumber(email: string, index: number): Promise<Mail> {
  return waitFor(async () => (await mailsTo(email))[index], {
    // Sending follows a deliberately slow password hash: on 2 busy cores that takes a while.
    timeoutMs: 20_000,
    intervalMs: 100,
    description: `mail #${index + 1} to ${email}`,
  });
}

/** The 6-digit code inside mail number `index` to this address. */
export async function codeFromMail(email: string, index: number): Promise<string> {
  const mail = await mailNumber(email, index);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

export const strongPassword = 'Kartlink2024';

/** Signs a new person up through the API, as the screens do; answers their session. */
export async function signUp(
  visitor: Visitor,
  email = uniqueEmail('asha'),
  password = strongPassword,
) {
  // The code comes in the first mail after those already there (the mail may still be on its way).
  const before = await mailCount(email);
  const sent = await visitor.post<CodeSent>('/auth/register/send-otp', {
    email,
    fullName: 'Asha Rao',
    password,
  });
  if (sent.status !== 200) throw new Error(`sign-up refused: ${JSON.stringify(sent.body)}`);
  const otp = await codeFromMail(email, before);
  const verified = await visitor.post<CustomTokenAnswer>('/auth/register/verify-otp', {
    email,
    otp,
    password,
  });
  if (verified.status !== 200)
    throw new Error(`verification refused: ${JSON.stringify(verified.body)}`);
  const session = await visitor.post<AuthSession>('/auth/session', {
    token: verified.body.data.customToken,
  });
  if (session.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(session.body)}`);
  return { email, password, session: session.body.data };
}
