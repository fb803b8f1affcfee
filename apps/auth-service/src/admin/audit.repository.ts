import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AuditEventEntity } from './audit-event.entity';

@Injectable()
export class AuditRepository {
  constructor(
    @InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>,
  ) {}

  record(
    event: Pick<AuditEventEntity, 'type'> & Partial<Omit<AuditEventEntity, 'id' | 'createdAt'>>,
  ) {
    const row = this.events.create({
      actorId: null,
      subjectId: null,
      sessionId: null,
      details: null,
      ...event,
    });
    return this.events.save(row);
  }
}
