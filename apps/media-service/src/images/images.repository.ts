import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type QueryDeepPartialEntity, type Repository } from 'typeorm';
import { ImageEntity, type ImageVariants, type StoredKind } from './image.entity';

@Injectable()
export class ImagesRepository {
  constructor(@InjectRepository(ImageEntity) private readonly images: Repository<ImageEntity>) {}

  findById(id: string) {
    return this.images.findOneBy({ id });
  }

  findOwned(userId: string, id: string, kinds: readonly StoredKind[]) {
    return this.images.findOneBy({ id, userId, kind: In([...kinds]) });
  }

  /** Inserts the row unless a retry of the same job already did. */
  async insert(
    values: Omit<ImageEntity, 'createdAt' | 'unreferencedSince'>,
    manager: EntityManager,
  ) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(ImageEntity)
      .values(values as QueryDeepPartialEntity<ImageEntity>)
      .orIgnore()
      .execute();
  }

  /** False when the image was deleted meanwhile. */
  async setVariants(id: string, variants: ImageVariants): Promise<boolean> {
    const result = await this.images.update({ id }, { variants });
    return (result.affected ?? 0) > 0;
  }

  async remove(id: string, manager: EntityManager = this.images.manager) {
    await manager.delete(ImageEntity, { id });
  }
}
