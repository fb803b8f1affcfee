import type { AuthSession, AuthUser } from '@kartlink/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { api } from '../../../lib/api';
import {
  restoredOffline,
  signedIn,
  signedOut,
  userUpdated,
  type AuthState,
} from '../../../lib/auth-slice';
import { errorCodeOf, httpStatusOf, serverMessageOf } from '../../../lib/errors';
import { readStoredUser } from '../../../lib/stored-user';
import { sessionApi } from '../api/session-api';
import { ForcedRefreshThrottle } from './guard-throttle';
import { LOGOUT_GUARD_WINDOW_MS, loggedOutRecently, markLoggedOut } from './logout-mark';
import { SessionMessages } from './messages';

/**
 * SPEC section 9: the access token is used for about 55 minutes of its hour, so it is
 * refreshed once less than 5 minutes are left.
 */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** SPEC section 9: a refresh within the last 5 s is not repeated. */
const RECENT_REFRESH_MS = 5_000;
/** SPEC sections 4 and 9: a refused call signs the user out this long after. */
const DELAYED_LOGOUT_MS = 2_000;
/** A background refresh that found the server unreachable tries again after a minute. */
const OFFLINE_RETRY_MS = 60_000;

type RefreshFailure = 'expired' | 'invalid' | 'network' | 'rateLimited';
type RefreshOutcome = { ok: true } | { ok: false; reason: RefreshFailure };

export interface SessionStore {
  dispatch: ThunkDispatch<{ auth: AuthState }, unknown, UnknownAction>;
  getState: () => { auth: AuthState };
}

type Navigate = (to: string) => void;

const WARNING_TOAST = { id: 'session-warning', icon: '⚠️' } as const;
const ENDED_TOAST = { id: 'session-ended' } as const;

function failureReason(error: unknown): RefreshFailure {
  const status = httpStatusOf(error);
  // No answer, or the server could not answer: the session may well be fine.
  if (status === undefined || status >= 500) return 'network';
  if (status === 429) return 'rateLimited';
  const expired =
    errorCodeOf(error) === 'TOKEN_EXPIRED' || /expired/i.test(serverMessageOf(error) ?? '');
  return expired ? 'expired' : 'invalid';
}

/**
 * The session of this tab: restores it on load, refreshes the access token before it
 * expires, checks it for the protected-route guard, and signs out (at once, or 2 s after a
 * call was refused). Every refresh goes through one in-flight promise: refresh tokens rotate,
 * and sending one twice ends the session.
 */
export class SessionController {
  private readonly throttle = new ForcedRefreshThrottle();
  private refreshInFlight: Promise<RefreshOutcome> | null = null;
  private restoring: Promise<void> | null = null;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingLogout: ReturnType<typeof setTimeout> | undefined;
  /** Bumped whenever a session ends or starts, so that an answer that arrives later is ignored. */
  private generation = 0;
  private navigate: Navigate = () => undefined;
  /** The page on screen, as the router reports it. */
  private path = '/';
  /** Where and when the user last signed out in this tab (kept in memory: not across loads). */
  private signedOutFrom: { path: string; at: number } | null = null;

  constructor(private readonly store: SessionStore) {}

  private get auth(): AuthState {
    return this.store.getState().auth;
  }

  setNavigate(navigate: Navigate): void {
    this.navigate = navigate;
  }

  setPath(path: string): void {
    this.path = path;
  }

  /** Arms the background refresh for the session the store already holds. */
  start(): void {
    const { accessToken, expiresAt } = this.auth;
    if (accessToken && expiresAt !== null) this.scheduleRefresh(expiresAt - REFRESH_MARGIN_MS);
  }

  /** Stops every timer (the controller can be started again). */
  stop(): void {
    clearTimeout(this.refreshTimer);
    this.cancelScheduledLogout();
  }

  /** After a login or a token exchange. */
  startSession(session: AuthSession): void {
    // A refresh still on its way belongs to the session before this one.
    this.generation += 1;
    this.throttle.reset();
    this.signedOutFrom = null;
    this.apply(session);
  }

  updateUser(user: AuthUser): void {
    this.store.dispatch(userUpdated(user));
  }

  /**
   * On page load: the refresh cookie decides. If the server cannot be reached, the stored
   * profile stands in with a warning, and later calls retry the refresh.
   */
  restore(): Promise<void> {
    if (this.auth.status !== 'restoring') return Promise.resolve();
    this.restoring ??= this.refresh().then((outcome) => {
      if (outcome.ok || this.auth.status !== 'restoring') return;
      const stored = readStoredUser();
      if (stored && (outcome.reason === 'network' || outcome.reason === 'rateLimited')) {
        this.store.dispatch(restoredOffline(stored));
        toast(SessionMessages.offline, WARNING_TOAST);
      } else {
        this.store.dispatch(signedOut());
      }
    });
    return this.restoring;
  }

  /** A new access token from the refresh cookie; skipped when one came within 5 s. */
  refresh(): Promise<RefreshOutcome> {
    const now = Date.now();
    if (this.auth.accessToken && now - this.lastRefreshAt < RECENT_REFRESH_MS) {
      return Promise.resolve({ ok: true });
    }
    this.refreshInFlight ??= this.requestRefresh().finally(() => {
      this.refreshInFlight = null;
    });
    return this.refreshInFlight;
  }

  private async requestRefresh(): Promise<RefreshOutcome> {
    const generation = this.generation;
    try {
      const session = await this.store
        .dispatch(sessionApi.endpoints.refreshSession.initiate(undefined, { track: false }))
        .unwrap();
      // Signed out meanwhile: this answer must not sign the user back in.
      if (generation !== this.generation) return { ok: false, reason: 'invalid' };
      this.apply(session);
      return { ok: true };
    } catch (error) {
      if (generation !== this.generation) return { ok: false, reason: 'invalid' };
      return { ok: false, reason: failureReason(error) };
    }
  }

  /**
   * SPEC sections 4 and 8, the protected-route guard. On a route change the token is only
   * refreshed when it is (nearly) expired; every 45 minutes it is refreshed anyway, which
   * also notices a session ended elsewhere. Forced refreshes are throttled.
   */
  async verify(reason: 'navigation' | 'recheck'): Promise<void> {
    const { user, accessToken, expiresAt } = this.auth;
    if (!user) return;
    const now = Date.now();
    const fresh = accessToken !== null && expiresAt !== null && expiresAt - now > REFRESH_MARGIN_MS;
    if (reason === 'navigation' && fresh) {
      this.throttle.reset();
      return;
    }
    if (!this.throttle.allows(now)) return;
    this.throttle.record(now);

    const outcome = await this.refresh();
    if (outcome.ok || !this.auth.user) return;
    switch (outcome.reason) {
      case 'network':
        // Access is kept while a user exists; the next check or call tries again.
        toast(SessionMessages.offline, WARNING_TOAST);
        return;
      case 'rateLimited':
        toast(SessionMessages.rateLimited, WARNING_TOAST);
        return;
      case 'expired':
      case 'invalid':
        // With the user gone, the guard sends them to /auth and remembers where they were.
        this.end();
        toast.error(SessionMessages[outcome.reason], ENDED_TOAST);
    }
  }

  /**
   * The user signs out: the server forgets this session (or every session of the user), then
   * the app forgets the user and goes home. Signing out everywhere fails loudly (the other
   * devices would stay signed in); signing out here always succeeds locally.
   */
  async logout({ everywhere = false }: { everywhere?: boolean } = {}): Promise<void> {
    // Marked first: calls refused while the server ends the session must not schedule
    // another logout, and the guard sends a protected page home instead of to /auth.
    markLoggedOut();
    this.cancelScheduledLogout();
    if (everywhere) {
      await this.store
        .dispatch(sessionApi.endpoints.logoutEverywhere.initiate(undefined, { track: false }))
        .unwrap();
    } else {
      await this.store
        .dispatch(sessionApi.endpoints.logout.initiate(undefined, { track: false }))
        .unwrap()
        .catch(() => undefined);
    }
    this.signedOutFrom = { path: this.path, at: Date.now() };
    this.end();
    this.navigate('/');
  }

  /**
   * For the guard: whether the user has just signed out on this page, which then goes home
   * with them rather than to /auth. Other pages, and later visits, go to /auth as usual.
   */
  justSignedOutOn(path: string): boolean {
    const last = this.signedOutFrom;
    return last !== null && last.path === path && Date.now() - last.at < LOGOUT_GUARD_WINDOW_MS;
  }

  /**
   * SPEC section 4: a call still refused after the refresh signs the user out 2 s later,
   * unless this tab signed out within the last 5 s; cancelScheduledLogout() stops it.
   */
  scheduleLogout(): void {
    if (this.pendingLogout !== undefined || !this.auth.user) return;
    if (loggedOutRecently()) return;
    this.pendingLogout = setTimeout(() => {
      this.pendingLogout = undefined;
      if (!this.auth.user || loggedOutRecently()) return;
      toast.error(SessionMessages.expired, ENDED_TOAST);
      void this.logout();
    }, DELAYED_LOGOUT_MS);
  }

  cancelScheduledLogout(): void {
    clearTimeout(this.pendingLogout);
    this.pendingLogout = undefined;
  }

  hasScheduledLogout(): boolean {
    return this.pendingLogout !== undefined;
  }

  private apply(session: AuthSession): void {
    const now = Date.now();
    const expiresAt = now + session.expiresIn * 1000;
    this.lastRefreshAt = now;
    this.cancelScheduledLogout();
    this.store.dispatch(
      signedIn({ user: session.user, accessToken: session.accessToken, expiresAt }),
    );
    this.scheduleRefresh(expiresAt - REFRESH_MARGIN_MS);
  }

  private scheduleRefresh(at: number): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(
      () => {
        void this.refresh().then((outcome) => {
          if (outcome.ok) return;
          if (outcome.reason === 'network' || outcome.reason === 'rateLimited') {
            this.scheduleRefresh(Date.now() + OFFLINE_RETRY_MS);
          } else if (this.auth.user) {
            this.end();
            toast.error(SessionMessages.expired, ENDED_TOAST);
          }
        });
      },
      Math.max(0, at - Date.now()),
    );
  }

  /**
   * Forgets the session here: user, token, timers and every cached answer. (Not a logout
   * of the user's own: a protected page then goes to /auth, to sign in again.)
   */
  private end(): void {
    this.generation += 1;
    this.stop();
    this.store.dispatch(signedOut());
    this.store.dispatch(api.util.resetApiState());
  }
}
