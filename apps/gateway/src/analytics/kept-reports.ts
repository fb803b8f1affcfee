import { Lru } from '@kartlink/server-kit';

/** Answers kept at most: a 10,000-product shop's product figures are about 1.5 MB. */
const MAX_ENTRIES = 16;
/** And not longer than this, should the owner not read them again. */
const TTL_MS = 10 * 60_000;

/** An answer as sent (its bytes, or what they are sent from), under analytics-service's name for it. */
export interface KeptReport<T = Buffer> {
  name: string;
  body: T;
}

/**
 * The owner's reports as last sent, each under the name analytics-service gave it (for the
 * figures kept there, its shop, report version and range; for an answer made afresh, its
 * digest). The gateway names the answer it keeps in its request; analytics-service answers
 * "{name}\n", followed by the JSON only when the name it finds for the caller now is another.
 * So an unchanged report is neither sent over NATS nor encoded again. Kept per reader and query
 * as asked; the name is always checked by analytics-service against the reader's own shop, so a
 * kept answer is never another's.
 */
export class KeptReports<T = Buffer> {
  private readonly answers: Lru<string, KeptReport<T>>;

  /** `maxEntries`: a few for megabytes of answer, more for a few kilobytes. */
  constructor(maxEntries = MAX_ENTRIES) {
    this.answers = new Lru<string, KeptReport<T>>(maxEntries);
  }

  /** The answer kept for this reader and query, if any. */
  kept(at: string): KeptReport<T> | undefined {
    return this.answers.get(at);
  }

  /**
   * What to send from analytics-service's answer to a request that named `kept` ("{name}\n"
   * and the JSON, unless unchanged), kept for the next read; `make` makes it from the JSON.
   */
  body(at: string, kept: KeptReport<T> | undefined, answer: string, make: (json: string) => T): T {
    const newline = answer.indexOf('\n');
    const name = answer.slice(0, newline);
    const json = answer.slice(newline + 1);
    if (json === '') {
      if (kept?.name !== name)
        throw new Error(`analytics-service named an answer not kept: ${name}`);
      return kept.body;
    }
    const body = make(json);
    this.answers.set(at, { name, body }, TTL_MS);
    return body;
  }
}
