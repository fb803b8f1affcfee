import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
  type ClientInfo,
  type LoginBody,
  Subjects,
  type TokenExchangeBody,
} from '@kartlink/contracts';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(Subjects.auth.login)
  login(@Payload() { body, client }: { body: LoginBody; client: ClientInfo }) {
    return this.sessions.login(body, client);
  }

  @MessagePattern(Subjects.auth.exchangeToken)
  exchange(@Payload() { body, client }: { body: TokenExchangeBody; client: ClientInfo }) {
    return this.sessions.exchange(body.token, body.rememberMe ?? false, client);
  }

  @MessagePattern(Subjects.auth.previewToken)
  preview(@Payload() { token }: { token: string }) {
    return this.sessions.preview(token);
  }

  @MessagePattern(Subjects.auth.refresh)
  refresh(@Payload() { refreshToken, client }: { refreshToken: string; client?: ClientInfo }) {
    return this.sessions.refresh(refreshToken, client);
  }

  @MessagePattern(Subjects.auth.logout)
  async logout(@Payload() payload: { refreshToken?: string; sessionId?: string }) {
    await this.sessions.logout(payload);
    return {};
  }

  @MessagePattern(Subjects.auth.logoutAll)
  async logoutAll(@Payload() { caller }: { caller: Caller }) {
    await this.sessions.logoutAll(caller);
    return {};
  }

  @MessagePattern(Subjects.auth.listSessions)
  list(@Payload() { caller }: { caller: Caller }) {
    return this.sessions.list(caller);
  }

  @MessagePattern(Subjects.auth.endSession)
  async end(@Payload() { caller, id }: { caller: Caller; id: string }) {
    await this.sessions.end(caller, id);
    return {};
  }

  @MessagePattern(Subjects.auth.endOtherSessions)
  endOthers(@Payload() { caller }: { caller: Caller }) {
    return this.sessions.endOthers(caller);
  }

  @MessagePattern(Subjects.auth.checkSession)
  check(@Payload() { sessionId }: { sessionId: string }) {
    return this.sessions.check(sessionId);
  }
}
