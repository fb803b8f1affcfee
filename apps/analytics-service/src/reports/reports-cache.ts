import { Injectable } from '@nestjs/common';
import { Lru } from '@kartlink/server-kit';

/**
 * Figures kept at most: the largest, a 10,000-product shop's products CSV of a year (figures and
 * store and source clicks), is a few megabytes, so this bounds the memory at about 100 MB.
 */
const MAX_ENTRIES = 24;
/** And not longer than this, should a shop's version never move again. */
const TTL_MS = 10 * 60_000;

/**
 * The figures of a report read from the rollups, remembered in this process under the shop's
 * report version (shop_report_versions: the fold raises it in the transaction that changes the
 * shop's rollups), so that the owner's next read of the same range costs no query until a fold
 * changes that shop. Reads of the same figures at the same time share one load. What does not
 * come from the rollups (product titles, the shop itself) is never kept here.
 */
@Injectable()
export class ReportsCache {
  private readonly entries = new Lru<string, Promise<unknown>>(MAX_ENTRIES);

  figures<T>(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    const loading = load();
    this.entries.set(key, loading, TTL_MS);
    // A failed load is not remembered: the next read tries again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.set(key, loading, 0);
    });
    return loading;
  }
}
