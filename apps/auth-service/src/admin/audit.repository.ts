import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AuditEventEntity } from './audit-event.entity';

@Injectable()
export class AuditRepository {
  constructor(
    @InjectRepository(AuditEventEntity) private readonly events: Repository<AuditEventEntity>,
  ) {}

  /** Adds an event; with `manager`, inside that transaction (the action and its record together). */
  record(
    event: Pick<AuditEventEntity, 'type'> & Partial<Omit<AuditEventEntity, 'id' | 'createdAt'>>,
    manager?: EntityManager,
  ) {
    const repo = manager ? manager.getRepository(AuditEventEntity) : this.events;
    const row = repo.create({
      actorId: null,
      subjectId: null,
      sessionId: null,
      details: null,
      ...event,
    });
    return repo.save(row);
  }
}
