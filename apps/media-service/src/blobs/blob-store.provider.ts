import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { mediaBucketName } from '@kartlink/contracts';
import { CONFIG, natsConnectionOptions, NatsBlobStore } from '@kartlink/server-kit';
import { connect, type NatsConnection } from 'nats';
import type { MediaConfig } from '../config';

/** The service's own NATS connection for blobs and events (the RPC server has another). */
export const MEDIA_NATS = Symbol('MEDIA_NATS');
export const BLOB_STORE = Symbol('BLOB_STORE');

export const blobStoreProviders: Provider[] = [
  {
    provide: MEDIA_NATS,
    inject: [CONFIG],
    useFactory: (config: MediaConfig) =>
      connect(natsConnectionOptions(config.NATS_URL, 'media-service-blobs')),
  },
  {
    provide: BLOB_STORE,
    inject: [MEDIA_NATS, CONFIG],
    useFactory: (connection: NatsConnection, config: MediaConfig) =>
      NatsBlobStore.open(connection, mediaBucketName(config.NATS_SUBJECT_PREFIX), {
        replicas: config.BLOB_REPLICAS,
      }),
  },
  {
    provide: Symbol('media nats shutdown'),
    inject: [MEDIA_NATS],
    useFactory: (connection: NatsConnection): OnApplicationShutdown => ({
      onApplicationShutdown: async () => {
        await connection.drain().catch(() => connection.close());
      },
    }),
  },
];
