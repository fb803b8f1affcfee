import { Lru } from '@kartlink/server-kit';

/** Answers kept at most: a 10,000-product shop's product figures are about 1.5 MB. */
const MAX_ENTRIES = 16;
/** And not longer than this, should the owner not read them again. */
const TTL_MS = 10 * 60_000;

/** An answer as sent, under analytics-service's name for it. */
export interface KeptReport {
  name: string;
  body: Buffer;
}

/**
 * The owner's large reports as the bytes last sent, each under the name analytics-service gave
 * it (its shop, report version and range). The gateway names the answer it keeps in its
 * request; analytics-service answers "{name}\n", followed by the JSON only when the name it
 * finds for the caller now is another. So an unchanged report is neither sent over NATS nor
 * encoded again. Kept per reader and query as asked; the name is always checked by
 * analytics-service against the reader's own shop, so a kept answer is never another's.
 */
export class KeptReports {
  private readonly answers = new Lru<string, KeptReport>(MAX_ENTRIES);

  /** The answer kept for this reader and query, if any. */
  kept(at: string): KeptReport | undefined {
    return this.answers.get(at);
  }

  /**
   * The body to send from analytics-service's answer to a request that named `kept` ("{name}\n"
   * and the JSON, unless unchanged), kept for the next read; `envelope` wraps the JSON.
   */
  body(
    at: string,
    kept: KeptReport | undefined,
    answer: string,
    envelope: (json: string) => string,
  ): Buffer {
    const newline = answer.indexOf('\n');
    const name = answer.slice(0, newline);
    const json = answer.slice(newline + 1);
    if (json === '') {
      if (kept?.name !== name)
        throw new Error(`analytics-service named an answer not kept: ${name}`);
      return kept.body;
    }
    const body = Buffer.from(envelope(json));
    this.answers.set(at, { name, body }, TTL_MS);
    return body;
  }
}
