/** Sign-in contract: what the web app sends and gets. The validated DTO classes are in dto/. */

export const OtpPurpose = {
  registration: 'registration',
  passwordReset: 'password-reset',
} as const;
export type OtpPurpose = (typeof OtpPurpose)[keyof typeof OtpPurpose];

export interface RegisterSendOtpBody {
  email: string;
  fullName: string;
  password: string;
}
export interface RegisterVerifyOtpBody {
  email: string;
  otp: string;
  password: string;
}
export interface ResendOtpBody {
  email: string;
  purpose: OtpPurpose;
  fullName?: string;
}
export interface PasswordResetSendOtpBody {
  email: string;
}
export interface PasswordResetVerifyOtpBody {
  email: string;
  otp: string;
  newPassword: string;
}
export interface LoginBody {
  email: string;
  password: string;
  rememberMe?: boolean;
}
export interface TokenExchangeBody {
  token: string;
  rememberMe?: boolean;
}
export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}
export interface UpdateProfileBody {
  displayName?: string;
  /** An empty string removes the number. */
  phoneNumber?: string;
  /** A photo uploaded with POST /photos/profile (its address); null or empty removes it. */
  photoURL?: string | null;
}
export interface SetPlanBody {
  email: string;
  plan: UserPlan;
}

export interface CreateImpersonationBody {
  email: string;
}

// ---- Answers ----

export type UserRole = 'user' | 'admin';
export type UserPlan = 'free' | 'premium';
export type SignInMethod = 'password' | 'google';

/** The signed-in person as every client sees them. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
  role: UserRole;
  plan: UserPlan;
  signInMethods: SignInMethod[];
  createdAt: string;
  /** Set while an admin acts as this user. */
  impersonatedBy?: { id: string; email: string };
}

/**
 * A session as the web app holds it. The refresh token never reaches JavaScript: it is an
 * HttpOnly cookie scoped to /api/auth, rotated on every refresh.
 */
export interface AuthSession {
  accessToken: string;
  /** Seconds until the access token expires (about an hour). */
  expiresIn: number;
  user: AuthUser;
  /** True right after the account was created (SPEC: new when under 10 s old). */
  isNewUser: boolean;
}

export interface CodeSent {
  email: string;
  expiresInSeconds: number;
}

export interface CustomTokenAnswer {
  customToken: string;
}

export interface AuthProviders {
  google: boolean;
}

/** Whose account a one-time sign-in token opens, shown before it is used ("Continue as …?"). */
export interface SignInPreview {
  email: string;
  displayName: string | null;
  /** An admin's link: the session acts as this user. */
  impersonation: boolean;
}

export interface ImpersonationToken {
  token: string;
  expiresAt: string;
  /** The web address that signs in with it: /admin-login?token=… */
  loginUrl: string;
}

/** Claims of an access token (EdDSA-signed JWT). */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  role: UserRole;
  /** RFC 8693 actor: the admin acting as `sub`. */
  act?: { sub: string };
}

/** The refresh cookie over http (local development), scoped to /api/auth. */
export const REFRESH_COOKIE = 'kartlink_refresh';
/**
 * The refresh cookie when the product is served over https: the `__Host-` prefix makes the
 * browser take it only when Secure, with Path=/ and no Domain, so no other host can set it.
 */
export const SECURE_REFRESH_COOKIE = '__Host-kartlink_refresh';
/** SPEC section 4: an account this young still counts as new (the client shows the new-user steps). */
export const NEW_ACCOUNT_SECONDS = 10;

/** auth-service's answer on Subjects.auth.googleStart: where to send the browser. */
export interface GoogleStartAnswer {
  url: string;
}

/** auth-service's answer on Subjects.auth.googleCallback. */
export interface GoogleCallbackAnswer {
  /** One-time sign-in token, exchanged with POST /api/auth/session. */
  token: string;
  /** SPEC section 4: the web app then shows the phone modal. */
  newUser: boolean;
  /** A path inside the product. */
  redirect: string;
}
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Who is calling, as the gateway read it from a verified access token; services trust it. */
export interface Caller {
  userId: string;
  sessionId: string;
  role: UserRole;
  /** The admin acting as the user, during impersonation. */
  actorId?: string;
  /** The API key a script called with (sessionId is then `api-key:{id}`). */
  apiKeyId?: string;
}

/** Where a sign-in comes from, recorded on the session. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** Browser and platform read from the user agent by the gateway, e.g. "Chrome on Android". */
  device?: string;
  /** The browser's IANA time zone, as the web app says it (checked by the gateway). */
  timeZone?: string;
}

/** What auth-service hands the gateway when a session starts or rotates. */
export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
  /** Seconds the refresh cookie lives; null for a browser-session cookie (no "remember me"). */
  refreshMaxAge: number | null;
}

export interface SessionStatus {
  active: boolean;
}
