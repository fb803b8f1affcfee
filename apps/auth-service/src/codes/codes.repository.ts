import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OtpPurpose } from '@kartlink/contracts';
import { IsNull, type Repository } from 'typeorm';
import { EmailCodeEntity } from './email-code.entity';

@Injectable()
export class CodesRepository {
  constructor(
    @InjectRepository(EmailCodeEntity) private readonly codes: Repository<EmailCodeEntity>,
  ) {}

  /** The newest code of this e-mail and purpose that is neither used nor superseded. */
  findOpen(email: string, purpose: OtpPurpose) {
    return this.codes.findOne({
      where: { email, purpose, consumedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  /** Supersedes every open code of this e-mail and purpose, then stores the new one. */
  async replace(
    values: Pick<EmailCodeEntity, 'email' | 'purpose' | 'codeHash' | 'expiresAt' | 'data'>,
  ) {
    return this.codes.manager.transaction(async (manager) => {
      await manager.update(
        EmailCodeEntity,
        { email: values.email, purpose: values.purpose, consumedAt: IsNull() },
        { consumedAt: () => 'now()' },
      );
      return manager.save(manager.create(EmailCodeEntity, values));
    });
  }

  /**
   * Takes one attempt before the comparison, atomically, so that parallel guesses cannot
   * exceed the limit. Returns the attempts used, or undefined when the code is no longer open.
   */
  async takeAttempt(id: string, maxAttempts: number): Promise<number | undefined> {
    const result = await this.codes
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where(
        'id = :id AND consumed_at IS NULL AND expires_at > now() AND attempts < :maxAttempts',
        {
          id,
          maxAttempts,
        },
      )
      .returning('attempts')
      .execute();
    return (result.raw as Array<{ attempts: number }>)[0]?.attempts;
  }

  /** Marks the code used; false when another request got there first. */
  async consume(id: string): Promise<boolean> {
    const result = await this.codes
      .createQueryBuilder()
      .update()
      .set({ consumedAt: () => 'now()' })
      .where('id = :id AND consumed_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  delete(id: string) {
    return this.codes.delete({ id });
  }
}
