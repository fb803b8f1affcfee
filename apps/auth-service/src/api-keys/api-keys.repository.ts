import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  listOf(userId: string) {
    return this.keys.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  countOf(userId: string) {
    return this.keys.countBy({ userId });
  }

  create(values: Partial<ApiKeyEntity>) {
    return this.keys.save(this.keys.create(values));
  }

  findByHash(hash: string) {
    return this.keys.findOneBy({ hash });
  }

  /** Deletes one of the user's keys; answers whether there was one. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.keys.delete({ userId, id });
    return (result.affected ?? 0) > 0;
  }

  /** One small update at most once a minute per key, however often it is used. */
  async markUsed(id: string) {
    await this.keys
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: () => 'now()' })
      .where('id = :id', { id })
      .andWhere("(last_used_at IS NULL OR last_used_at < now() - interval '1 minute')")
      .execute();
  }
}
