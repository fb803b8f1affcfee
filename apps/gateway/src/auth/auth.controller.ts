import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AuthProviders,
  type AuthSession,
  type AuthUser,
  type Caller,
  type CodeSent,
  type CustomTokenAnswer,
  REFRESH_COOKIE,
  SECURE_REFRESH_COOKIE,
  type SignInPreview,
  Subjects,
} from '@kartlink/contracts';
import {
  ChangePasswordRequest,
  LoginRequest,
  PasswordResetSendOtpRequest,
  PasswordResetVerifyOtpRequest,
  RegisterSendOtpRequest,
  RegisterVerifyOtpRequest,
  ResendOtpRequest,
  TokenExchangeRequest,
  TokenPreviewRequest,
} from '@kartlink/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WithMessage } from '../http/request.interceptor';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { AuthGuard, CurrentCaller } from './auth.guard';
import { clientOf } from './client-info';
import { GOOGLE_SIGN_IN_COOKIE } from './auth-cookies';
import { SessionCookies } from './session-cookies';

const FIFTEEN_MINUTES = 15 * 60_000;
/** Per client address, beside auth-service's own limits per e-mail address. */
const CODE_SENDS = { name: 'auth-code-sends', limit: 10, windowMs: FIFTEEN_MINUTES };
const CODE_CHECKS = { name: 'auth-code-checks', limit: 30, windowMs: FIFTEEN_MINUTES };
const LOGINS = { name: 'auth-logins', limit: 30, windowMs: FIFTEEN_MINUTES };
const REFRESH_COOKIE_NOTE =
  `Over https the cookie is ${SECURE_REFRESH_COOKIE} (Secure, Path=/); over http ${REFRESH_COOKIE} ` +
  '(Path=/api/auth). Send the browser time zone in X-Time-Zone (e.g. Asia/Kolkata): the ' +
  'signed-in devices list and the mails name the place by it.';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('register/send-otp')
  @HttpCode(200)
  @RateLimit(CODE_SENDS)
  @ApiOperation({
    summary:
      'Start sign-up: e-mails a 6-digit code (valid 600 s); no account exists until it is verified',
  })
  async registerSendOtp(@Body() body: RegisterSendOtpRequest) {
    const sent = await this.services.request<CodeSent>(Subjects.auth.registerSendCode, body);
    return new WithMessage(sent, `We sent a 6-digit code to ${sent.email}.`);
  }

  @Post('register/verify-otp')
  @HttpCode(200)
  @RateLimit(CODE_CHECKS)
  @ApiOperation({
    summary:
      'Finish sign-up with the code: creates the account, answers a one-time sign-in token (customToken)',
  })
  async registerVerifyOtp(@Body() body: RegisterVerifyOtpRequest) {
    const answer = await this.services.request<CustomTokenAnswer>(
      Subjects.auth.registerVerify,
      body,
    );
    return new WithMessage(answer, 'Account created successfully!');
  }

  @Post('otp/resend')
  @HttpCode(200)
  @RateLimit(CODE_SENDS)
  @ApiOperation({
    summary: 'Send a new code for a sign-up or a password reset; the previous code stops working',
  })
  async resendOtp(@Body() body: ResendOtpRequest, @Req() request: FastifyRequest) {
    const sent = await this.services.request<CodeSent>(Subjects.auth.resendCode, {
      ...body,
      client: clientOf(request),
    });
    return new WithMessage(sent, 'Verification code resent successfully.');
  }

  @Post('password-reset/send-otp')
  @HttpCode(200)
  @RateLimit(CODE_SENDS)
  @ApiOperation({
    summary:
      'E-mail a password reset code; the answer is the same whether or not the account exists',
    description:
      'The mail names the device asking: its browser and platform (User-Agent) and the time ' +
      'zone in X-Time-Zone (e.g. "Chrome on Android, Kolkata time").',
  })
  async resetSendOtp(@Body() body: PasswordResetSendOtpRequest, @Req() request: FastifyRequest) {
    const sent = await this.services.request<CodeSent>(Subjects.auth.resetSendCode, {
      ...body,
      client: clientOf(request),
    });
    return new WithMessage(sent, 'If an account exists for this email, we have sent a code to it.');
  }

  @Post('password-reset/verify-otp')
  @HttpCode(200)
  @RateLimit(CODE_CHECKS)
  @ApiOperation({ summary: 'Set a new password with the code; every session of the account ends' })
  async resetVerifyOtp(@Body() body: PasswordResetVerifyOtpRequest) {
    await this.services.request(Subjects.auth.resetVerify, body);
    return new WithMessage(
      null,
      'Password reset successfully! You can now sign in with your new password.',
    );
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit(LOGINS)
  @ApiOperation({
    summary: `Sign in with e-mail and password; sets the ${REFRESH_COOKIE} HttpOnly cookie`,
    description: REFRESH_COOKIE_NOTE,
  })
  login(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.cookies.start(Subjects.auth.login, body, request, reply);
  }

  @Post('session')
  @HttpCode(200)
  @RateLimit(LOGINS)
  @ApiOperation({
    summary:
      'Exchange a one-time sign-in token (after sign-up, Google, or an admin link) for a session',
  })
  session(
    @Body() body: TokenExchangeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthSession> {
    return this.cookies.start(Subjects.auth.exchangeToken, body, request, reply);
  }

  @Post('session/preview')
  @HttpCode(200)
  @RateLimit(LOGINS)
  @ApiOperation({
    summary:
      'Whose account a one-time sign-in token opens (e.g. an admin link), without using it: the page asks "Continue as …?" first',
  })
  previewSession(@Body() body: TokenPreviewRequest): Promise<SignInPreview> {
    return this.services.request<SignInPreview>(Subjects.auth.previewToken, body);
  }

  @Post('session/google')
  @HttpCode(200)
  @RateLimit(LOGINS)
  @ApiCookieAuth(GOOGLE_SIGN_IN_COOKIE)
  @ApiOperation({
    summary: `After Google sign-in: a session for the one-time token in the ${GOOGLE_SIGN_IN_COOKIE} HttpOnly cookie (set by the callback, used once)`,
  })
  googleSession(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthSession> {
    return this.cookies.startFromGoogle(request, reply);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiCookieAuth(REFRESH_COOKIE)
  @ApiOperation({
    summary: 'A new access token; the refresh cookie rotates, and a replayed one ends the session',
    description:
      `${REFRESH_COOKIE_NOTE} A session unused for SESSION_IDLE_SECONDS (auth-service) has ` +
      'ended: its refresh answers 401 like any signed-out one. Each refresh counts as a use.',
  })
  refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthSession> {
    return this.cookies.refresh(request, reply);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: "Sign out: ends this device's session and clears the cookie" })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.cookies.end(request, reply);
    return null;
  }

  @Post('logout-all')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Sign out of every device' })
  async logoutAll(
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.services.request(Subjects.auth.logoutAll, { caller });
    this.cookies.clear(reply);
    return null;
  }

  @Get('me')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Who am I: the signed-in user (with impersonatedBy while an admin acts as them)',
  })
  me(@CurrentCaller() caller: Caller): Promise<AuthUser> {
    return this.services.request<AuthUser>(Subjects.auth.me, { caller });
  }

  @Post('password')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @RateLimit(LOGINS)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the password; every other device is signed out' })
  async changePassword(@CurrentCaller() caller: Caller, @Body() body: ChangePasswordRequest) {
    await this.services.request(Subjects.auth.changePassword, { caller, body });
    return new WithMessage(null, 'Your password was changed.');
  }

  @Get('providers')
  @ApiOperation({
    summary: 'Which third-party sign-ins are configured (the Google button shows only when it is)',
  })
  providers(): Promise<AuthProviders> {
    return this.services.request<AuthProviders>(Subjects.auth.providers);
  }
}
