import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects } from '@kartlink/contracts';
import { GoogleService } from './google.service';

@Controller()
export class GoogleController {
  constructor(private readonly google: GoogleService) {}

  @MessagePattern(Subjects.auth.googleStart)
  start(@Payload() { redirect }: { redirect?: unknown }) {
    return this.google.start(redirect);
  }

  @MessagePattern(Subjects.auth.googleCallback)
  callback(@Payload() { query }: { query: string }) {
    return this.google.callback(typeof query === 'string' ? query : '');
  }
}
