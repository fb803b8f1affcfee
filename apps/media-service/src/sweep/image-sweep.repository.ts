import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** One image the sweep looks at. */
export interface SweepCandidate {
  id: string;
  /** A sweep found it unreferenced before (unreferenced_since is set). */
  marked: boolean;
}

/** An image the sweep deletes (or, in a dry run, would): its bytes in every variant. */
export interface SweptImage {
  id: string;
  kind: string;
  bytes: number;
}

// Banners are referenced by their own row (the banner's id is its image's id).
const NOT_A_BANNER = 'NOT EXISTS (SELECT 1 FROM media.banners b WHERE b.id = i.id)';
// The primary's bytes and every variant's, from the variants' facts.
const ALL_BYTES = `i.bytes + COALESCE((SELECT SUM((v.value->>'bytes')::bigint)
                                         FROM jsonb_each(i.variants) v), 0)`;
const GRACE = `now() - $2 * interval '1 millisecond'`;

/** The queries of the image sweep (image-sweep.service.ts has its rules). */
@Injectable()
export class ImageSweepRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Images older than the grace period that are not banners, by id after `after`. */
  async candidates(after: string, limit: number, graceMs: number): Promise<SweepCandidate[]> {
    return this.dataSource.query(
      `SELECT i.id, i.unreferenced_since IS NOT NULL AS marked
         FROM media.images i
        WHERE i.id > $1 AND i.created_at < ${GRACE} AND ${NOT_A_BANNER}
        ORDER BY i.id LIMIT $3`,
      [after, graceMs, limit],
    );
  }

  /** Referenced again: the clock starts afresh the next time nothing names them. */
  async unmark(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      'UPDATE media.images SET unreferenced_since = NULL WHERE id = ANY($1::uuid[])',
      [ids],
    );
  }

  /** Found unreferenced for the first time (since last referenced); the mark stays otherwise. */
  async mark(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE media.images SET unreferenced_since = now()
        WHERE id = ANY($1::uuid[]) AND unreferenced_since IS NULL`,
      [ids],
    );
  }

  /** Of `ids`, those unreferenced for longer than the grace period (what a dry run reports). */
  async due(ids: string[], graceMs: number): Promise<SweptImage[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      `SELECT i.id, i.kind, ${ALL_BYTES} AS bytes FROM media.images i
        WHERE i.id = ANY($1::uuid[]) AND i.unreferenced_since < ${GRACE} AND ${NOT_A_BANNER}`,
      [ids, graceMs],
    );
  }

  /**
   * Deletes the rows of `ids` still due (the conditions are checked again in the statement,
   * under the rows' locks), then runs `dropBlobs` on them before the commit: when the blobs
   * cannot all be removed the rows stay, and the next sweep tries again. A variants job
   * finishing meanwhile waits for the lock, finds no row and removes what it wrote.
   */
  async deleteDue(
    ids: string[],
    graceMs: number,
    dropBlobs: (images: SweptImage[]) => Promise<void>,
  ): Promise<SweptImage[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const [rows] = (await manager.query(
        `DELETE FROM media.images i
          WHERE i.id = ANY($1::uuid[]) AND i.unreferenced_since < ${GRACE} AND ${NOT_A_BANNER}
        RETURNING i.id, i.kind, ${ALL_BYTES} AS bytes`,
        [ids, graceMs],
      )) as [SweptImage[], number];
      await dropBlobs(rows);
      return rows;
    });
  }
}
