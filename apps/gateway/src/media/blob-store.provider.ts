import type { Provider } from '@nestjs/common';
import { mediaBucketName } from '@kartlink/contracts';
import { LOGGER, type Logger, NatsBlobStore } from '@kartlink/server-kit';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';

export const BLOB_STORE = Symbol('BLOB_STORE');

/** The blob store uploads stream into and images are served from, on the gateway's NATS. */
export const blobStoreProvider: Provider = {
  provide: BLOB_STORE,
  inject: [ServiceClient, GATEWAY_CONFIG, LOGGER],
  useFactory: async (services: ServiceClient, config: GatewayConfig, logger: Logger) =>
    NatsBlobStore.open(await services.connection(), mediaBucketName(config.NATS_SUBJECT_PREFIX), {
      replicas: config.JETSTREAM_REPLICAS,
      logger,
    }),
};
