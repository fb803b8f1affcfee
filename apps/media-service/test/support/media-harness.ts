import { Controller, type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BlobKeys,
  type Caller,
  type ImageReferencesAnswer,
  type ImageReferencesRequest,
  type IncomingUpload,
  mediaBucketName,
  queueGroupOf,
  type ServiceName,
  type ShopStatus,
  Subjects,
} from '@kartlink/contracts';
import {
  type Logger,
  natsConnectionOptions,
  NatsBlobStore,
  PrefixedNatsServer,
} from '@kartlink/server-kit';
import { pgQuery, readTestEnv, startServiceForTest } from '@kartlink/testing';
import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { appModule } from '../../src/app.module';
import { configSchema } from '../../src/config';
import { dataSourceOptions } from '../../src/database';

/** media-service itself, in this process, on the run's database and NATS. */
export function startMediaService(options: { env?: NodeJS.ProcessEnv; logger?: Logger } = {}) {
  return startServiceForTest({
    service: 'media',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
    ...options,
  });
}
export type RunningMedia = Awaited<ReturnType<typeof startMediaService>>;

/** Owners the stand-in shop-service says have a shop. */
export const ownersWithShop = new Set<string>();
/** Images the stand-in shop-service says a shop or product names (the image sweep asks). */
export const imagesNamedByShops = new Set<string>();

@Controller()
class StandInShops {
  @MessagePattern(Subjects.shop.status)
  status(@Payload() { caller }: { caller: Caller }): ShopStatus {
    const has = ownersWithShop.has(caller.userId);
    return {
      hasShop: has,
      requiresSetup: !has,
      setupCompleted: has,
      setupSteps: { shopUrl: has, basicInfo: has, profilePhoto: has },
      shopUrl: has ? `shop-${caller.userId.slice(0, 8)}` : null,
    };
  }
}
@Controller()
class StandInImageRefs {
  @MessagePattern(Subjects.shop.referencedImages)
  referenced(@Payload() { ids }: ImageReferencesRequest): ImageReferencesAnswer {
    return { referenced: ids.filter((id) => imagesNamedByShops.has(id)) };
  }
}

@Module({ controllers: [StandInShops] })
class StandInShopsModule {}

/** shop-service's status answer, standing in for it on the run's NATS. */
export function startStandInShops(): Promise<INestMicroservice> {
  return standIn(StandInShopsModule, 'shop');
}

@Module({ controllers: [StandInImageRefs] })
class StandInImageRefsModule {}

/**
 * shop-service's image references answer (imagesNamedByShops), for the image sweep's tests
 * only: no other test file's stand-in answers it from a set of its own.
 */
export function startStandInImageRefs(): Promise<INestMicroservice> {
  return standIn(StandInImageRefsModule, 'shop');
}

@Controller()
class StandInProfiles {
  @MessagePattern(Subjects.auth.referencedImages)
  referenced(): ImageReferencesAnswer {
    return { referenced: [] };
  }
}
@Module({ controllers: [StandInProfiles] })
class StandInProfilesModule {}

/** auth-service's image references answer (no profile photo names any image). */
export function startStandInProfiles(): Promise<INestMicroservice> {
  return standIn(StandInProfilesModule, 'auth');
}

async function standIn(module: Type, service: ServiceName): Promise<INestMicroservice> {
  const { NATS_URL, NATS_SUBJECT_PREFIX } = readTestEnv();
  const app = await NestFactory.createMicroservice(module, {
    strategy: new PrefixedNatsServer(
      { ...natsConnectionOptions(NATS_URL, `stand-in-${service}`), queue: queueGroupOf(service) },
      NATS_SUBJECT_PREFIX,
    ),
    logger: false,
  });
  await app.listen();
  return app;
}

/** The run's blob bucket, as the gateway and media-service see it. */
export class TestBlobs {
  private constructor(
    readonly connection: NatsConnection,
    readonly store: NatsBlobStore,
    private readonly bucket: string,
  ) {}

  static async open(): Promise<TestBlobs> {
    const { NATS_URL, NATS_SUBJECT_PREFIX } = readTestEnv();
    const connection = await connect({ servers: NATS_URL });
    const bucket = mediaBucketName(NATS_SUBJECT_PREFIX);
    return new TestBlobs(connection, await NatsBlobStore.open(connection, bucket), bucket);
  }

  /** What the gateway does with an uploaded file: stream it to `incoming/<uuid>`. */
  async incoming(bytes: Buffer, filename: string, mimeType = ''): Promise<IncomingUpload> {
    const key = BlobKeys.incoming(randomUUID());
    await this.store.put(key, bytes, { contentType: mimeType || 'application/octet-stream' });
    return { key, filename, mimeType, size: bytes.length };
  }

  /** Every live key in the bucket. */
  async keys(): Promise<string[]> {
    const os = await this.connection.jetstream().views.os(this.bucket);
    return (await os.list()).filter((info) => !info.deleted).map((info) => info.name);
  }

  /**
   * Blobs no stored image accounts for: a refused or deleted upload must leave none. Default
   * share cards (`cards/`) belong to no image.
   */
  async orphans(): Promise<string[]> {
    const ids = new Set(
      (await pgQuery<{ id: string }>('SELECT id FROM media.images')).map((row) => row.id),
    );
    return (await this.keys()).filter(
      (key) => !key.startsWith('cards/') && !ids.has(key.split('/')[1] ?? ''),
    );
  }

  async close() {
    await this.connection.close();
  }
}
