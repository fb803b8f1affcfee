import type { Provider } from '@nestjs/common';
import { mediaBucketName } from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger, NatsBlobStore, NatsRequester } from '@kartlink/server-kit';
import type { NatsConnection } from 'nats';
import type { MediaConfig } from '../config';

/**
 * The service's NATS connection for blobs and events: the one its requests go on, closed with
 * the app (the RPC server has another).
 */
export const MEDIA_NATS = Symbol('MEDIA_NATS');
export const BLOB_STORE = Symbol('BLOB_STORE');

export const blobStoreProviders: Provider[] = [
  {
    provide: MEDIA_NATS,
    inject: [NatsRequester],
    useFactory: (services: NatsRequester) => services.connection(),
  },
  {
    provide: BLOB_STORE,
    inject: [MEDIA_NATS, CONFIG, LOGGER],
    useFactory: (connection: NatsConnection, config: MediaConfig, logger: Logger) =>
      NatsBlobStore.open(connection, mediaBucketName(config.NATS_SUBJECT_PREFIX), {
        replicas: config.JETSTREAM_REPLICAS,
        logger,
      }),
  },
];
