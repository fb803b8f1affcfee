import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorCode,
  type GoogleCallbackAnswer,
  type GoogleStartAnswer,
  Subjects,
} from '@kartlink/contracts';
import { LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import {
  clearGoogleStateCookie,
  setGoogleSignInCookie,
  setGoogleStateCookie,
  stateMatchesBrowser,
} from './auth-cookies';

/** Per client address; a sign-in is two requests (start and callback). */
const GOOGLE_SIGN_INS = { name: 'auth-google', limit: 60, windowMs: 15 * 60_000 };
// auth-service may call the provider twice (discovery, token exchange), 5 s each at most.
const GOOGLE_TIMEOUT_MS = 12_000;
const MAX_QUERY_LENGTH = 8192;
const FAILED = 'Google sign-in failed. Please try again.';
// auth-service's words for a state it does not know: to the person, it is the same thing.
const NOT_THIS_BROWSER = 'This Google sign-in has expired or was already used. Please try again.';
// Codes whose messages were written for people (cancelled, expired, unverified e-mail...).
const SHOWN_CODES = new Set<ErrorCode>([
  ErrorCode.BAD_REQUEST,
  ErrorCode.UNAUTHORIZED,
  ErrorCode.FORBIDDEN,
  ErrorCode.NOT_FOUND,
  ErrorCode.CONFLICT,
]);

/**
 * "Continue with Google" is a pair of browser navigations, so these routes answer with
 * redirects, never JSON: to Google, then back to the web app's /auth page. The state is bound
 * to the browser that started the sign-in (an HttpOnly cookie the callback must bring back), so
 * a callback address sent to someone else signs nobody in; the one-time sign-in token travels
 * in an HttpOnly cookie that only POST /api/auth/session/google receives, never in an address
 * that could be handed to another person.
 */
@ApiTags('auth')
@Controller('auth/google')
export class GoogleController {
  private readonly authPage: string;
  private readonly secure: boolean;

  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.authPage = `${config.PUBLIC_URL.replace(/\/+$/, '')}/auth`;
    this.secure = config.PUBLIC_URL.startsWith('https:');
  }

  @Get()
  @RateLimit(GOOGLE_SIGN_INS)
  @ApiOperation({
    summary: 'Start Google sign-in: redirects the browser to Google',
    description:
      'Open it as a page, not with fetch. When Google sign-in is not configured or the provider ' +
      'cannot be reached, redirects to /auth#error=<message> instead.',
  })
  @ApiQuery({
    name: 'redirect',
    required: false,
    description: 'Path inside the product to land on afterwards; default /dashboard',
    example: '/dashboard',
  })
  @ApiResponse({ status: 302, description: 'To the provider, or to /auth#error=<message>' })
  async start(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const { redirect } = request.query as { redirect?: unknown };
    await this.redirect(reply, async () => {
      const { url } = await this.services.request<GoogleStartAnswer>(
        Subjects.auth.googleStart,
        { redirect },
        { timeoutMs: GOOGLE_TIMEOUT_MS },
      );
      const state = new URL(url).searchParams.get('state');
      if (state) setGoogleStateCookie(reply, state, this.secure);
      return url;
    });
  }

  @Get('callback')
  @RateLimit(GOOGLE_SIGN_INS)
  @ApiOperation({
    summary: 'Where Google sends the browser back (the OAuth redirect URI)',
    description:
      'Only in the browser that started the sign-in (its state cookie). Sets the one-time ' +
      'sign-in token as an HttpOnly cookie and redirects to /auth#google=signed-in&redirect=<path>[&newUser=1]; ' +
      'the web app starts the session with POST /api/auth/session/google, and shows the phone ' +
      'modal when newUser=1. On cancel or failure: /auth#error=<message>.',
  })
  @ApiQuery({ name: 'code', required: false })
  @ApiQuery({ name: 'state', required: false })
  @ApiQuery({ name: 'error', required: false, description: 'access_denied when cancelled' })
  @ApiResponse({ status: 302, description: 'To /auth#google=signed-in… or /auth#error=…' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const at = request.url.indexOf('?');
    const query = at >= 0 ? request.url.slice(at + 1, at + 1 + MAX_QUERY_LENGTH) : '';
    await this.redirect(reply, async () => {
      // A callback this browser did not start (one sent by someone else) goes no further; the
      // cookie stays, so that this browser's own sign-in in progress can still finish.
      if (!stateMatchesBrowser(request, new URLSearchParams(query).get('state')))
        throw new ServiceError(ErrorCode.BAD_REQUEST, NOT_THIS_BROWSER);
      clearGoogleStateCookie(reply, this.secure);
      const signedIn = await this.services.request<GoogleCallbackAnswer>(
        Subjects.auth.googleCallback,
        { query },
        { timeoutMs: GOOGLE_TIMEOUT_MS },
      );
      setGoogleSignInCookie(reply, signedIn.token, this.secure);
      return this.authPageWith({
        google: 'signed-in',
        redirect: signedIn.redirect,
        ...(signedIn.newUser ? { newUser: '1' } : {}),
      });
    });
  }

  /** Sends the browser where `target` says, or to /auth#error=… when that fails: never a 500. */
  private async redirect(reply: FastifyReply, target: () => Promise<string>) {
    let location: string;
    try {
      location = await target();
    } catch (err) {
      const shown = err instanceof ServiceError && SHOWN_CODES.has(err.code);
      if (!shown) this.logger.warn({ err }, 'Google sign-in failed');
      const message = shown ? err.message : FAILED;
      location = this.authPageWith({ error: message });
    }
    return reply.redirect(location, 302);
  }

  /** /auth with these values in the fragment, percent-encoded (spaces as %20, not '+'). */
  private authPageWith(values: Record<string, string>): string {
    const fragment = Object.entries(values)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&');
    return `${this.authPage}#${fragment}`;
  }
}
