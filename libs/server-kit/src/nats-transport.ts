import { ServerNats } from '@nestjs/microservices';

/**
 * The NestJS NATS server with one addition: every subject this service answers on is prefixed
 * (NATS_SUBJECT_PREFIX), so that test runs and environments sharing one NATS never see each
 * other's requests. Handlers keep the plain subjects of libs/contracts.
 */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  override async listen(
    callback: (err?: unknown, ...optionalParams: unknown[]) => void,
  ): Promise<void> {
    if (this.subjectPrefix) {
      const handlers = [...this.messageHandlers];
      this.messageHandlers.clear();
      for (const [subject, handler] of handlers)
        this.messageHandlers.set(`${this.subjectPrefix}${subject}`, handler);
    }
    return super.listen(callback);
  }
}

/** Connection options shared by services and the gateway: reconnect forever, wait for the first connect. */
export function natsConnectionOptions(url: string, name: string) {
  return {
    servers: url.split(','),
    name,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  };
}
