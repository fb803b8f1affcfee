import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { UserEntity } from './user.entity';

/** An image id inside an address, wherever it sits in it. */
const IMAGE_ID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /**
   * Which of `ids` (lower case) a profile photo address names, on any host. One pass over the
   * users for the whole batch: media-service's image sweep asks rarely and in batches.
   */
  async referencedImages(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = (await this.users.query(
      `SELECT DISTINCT lower(m[1]) AS id
         FROM auth.users u
        CROSS JOIN LATERAL regexp_matches(u.photo_url, $2, 'g') AS m
        WHERE u.photo_url IS NOT NULL AND lower(m[1]) = ANY($1::text[])`,
      [ids, IMAGE_ID],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /** Writes the user's last activity, at most once a minute. */
  async touchActive(userId: string): Promise<void> {
    await this.users.query(
      `UPDATE auth.users SET last_active_at = now()
        WHERE id = $1 AND (last_active_at IS NULL OR last_active_at < now() - interval '1 minute')`,
      [userId],
    );
  }

  findById(id: string) {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string) {
    return this.users.findOneBy({ email });
  }

  findByPhone(phoneNumber: string) {
    return this.users.findOneBy({ phoneNumber });
  }

  findByGoogleSubject(googleSubject: string) {
    return this.users.findOneBy({ googleSubject });
  }

  create(values: Partial<UserEntity>, manager?: EntityManager) {
    const repo = manager ? manager.getRepository(UserEntity) : this.users;
    return repo.save(repo.create(values));
  }

  save(user: UserEntity, manager?: EntityManager) {
    return (manager ? manager.getRepository(UserEntity) : this.users).save(user);
  }
}
