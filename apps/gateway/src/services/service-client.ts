import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { ErrorCode, Headers } from '@kartlink/contracts';
import { currentRequestId, LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG, NATS_CLIENT } from '../tokens';

export interface RequestOptions {
  /** Overrides SERVICE_TIMEOUT_MS for a call known to be slower or that must be faster. */
  timeoutMs?: number;
}

/**
 * The gateway's only way to talk to services: a NATS request with the caller's request id in
 * the headers and an explicit timeout. Whatever goes wrong comes back as a ServiceError.
 */
@Injectable()
export class ServiceClient implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientNats,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async request<T>(
    subject: string,
    payload: unknown = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const headers = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) headers.set(Headers.requestId, requestId);
    const record = new NatsRecordBuilder(payload).setHeaders(headers).build();
    const timeoutMs = options.timeoutMs ?? this.config.SERVICE_TIMEOUT_MS;
    try {
      return await firstValueFrom(
        this.client
          .send<T>(`${this.config.NATS_SUBJECT_PREFIX}${subject}`, record)
          .pipe(timeout(timeoutMs)),
      );
    } catch (err) {
      throw this.toServiceError(err, subject, timeoutMs);
    }
  }

  /** Round trip to the NATS server itself, for readiness. */
  async natsRoundTrip(): Promise<number> {
    await this.client.connect();
    return this.client.unwrap<NatsConnection>().rtt();
  }

  private toServiceError(err: unknown, subject: string, timeoutMs: number): ServiceError {
    if (err instanceof TimeoutError) {
      this.logger.warn({ subject, timeoutMs }, 'service did not answer in time');
      return new ServiceError(
        ErrorCode.SERVICE_TIMEOUT,
        'The request timed out. Please try again in a moment.',
      );
    }
    // NATS knows at once when no replica subscribes: answer 504 now instead of waiting.
    if (err instanceof EmptyResponseException) {
      this.logger.warn({ subject }, 'no replica of the service is running');
      return new ServiceError(
        ErrorCode.SERVICE_TIMEOUT,
        'The service is not answering right now. Please try again in a moment.',
      );
    }
    const modelled = ServiceError.fromPayload(err);
    if (modelled) return modelled;
    this.logger.error({ subject, err }, 'service request failed');
    return new ServiceError(
      ErrorCode.SERVICE_UNAVAILABLE,
      'The service is temporarily unavailable. Please try again later.',
    );
  }

  async onApplicationShutdown() {
    await this.client.close();
  }
}
