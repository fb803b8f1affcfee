import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EventRow } from './event-rows';

@Injectable()
export class EventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a batch with one multi-row insert (one array parameter per column, whatever the
   * batch size); an event id already stored is skipped. Answers how many rows were new.
   */
  async insertBatch(rows: EventRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const column = <K extends keyof EventRow>(key: K) => rows.map((row) => row[key]);
    const inserted = (await this.dataSource.query(
      `INSERT INTO analytics.events
         (id, type, shop_id, product_id, occurred_at, device, browser, platform, region,
          referrer, visitor, bot, owner, prefetch, user_agent, source, opens_in)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::uuid[], $4::uuid[], $5::timestamptz[],
                            $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[],
                            $10::varchar[], $11::varchar[], $12::boolean[], $13::boolean[],
                            $14::boolean[], $15::varchar[], $16::varchar[], $17::varchar[])
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        column('id'),
        column('type'),
        column('shopId'),
        column('productId'),
        column('occurredAt'),
        column('device'),
        column('browser'),
        column('platform'),
        column('region'),
        column('referrer'),
        column('visitor'),
        column('bot'),
        column('owner'),
        column('prefetch'),
        column('userAgent'),
        column('source'),
        column('opensIn'),
      ],
    )) as unknown[];
    return inserted.length;
  }
}
