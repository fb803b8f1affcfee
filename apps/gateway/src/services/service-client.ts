import { Inject, Injectable } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG, NATS_CLIENT } from '../tokens';

/**
 * The gateway's only way to talk to services: a NATS request with the caller's request id in
 * the headers and an explicit timeout (SERVICE_TIMEOUT_MS). Failures come back as ServiceErrors.
 */
@Injectable()
export class ServiceClient extends NatsRequester {
  constructor(
    @Inject(NATS_CLIENT) client: ClientNats,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(client, config.NATS_SUBJECT_PREFIX, config.SERVICE_TIMEOUT_MS, logger);
  }
}
