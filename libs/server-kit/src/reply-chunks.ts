/**
 * Replies larger than one NATS message (1 MB by default: the server's max_payload) travel as
 * several: the reply's JSON cut into pieces, each sent as `{ [CHUNK]: piece }` on the request's
 * reply subject (Nest's stream of packets, the last one marked disposed), and put back together
 * by NatsRequester. A shop of 10,000 products answers its list in about 5 MB.
 */
export const CHUNK = '__kartlinkChunk';

/** A reply whose JSON is longer than this (in bytes) is cut. */
const CHUNK_THRESHOLD_BYTES = 512 * 1024;
/**
 * Characters of JSON per piece: at most 3 bytes each in UTF-8, or 2 once escaped again inside
 * the packet's JSON, so a piece stays under 800 kB.
 */
const CHUNK_CHARS = 256 * 1024;

/**
 * A reply that is text already (JSON kept as text in a cache, say), for a requester that takes
 * it as text (NatsRequester.requestText): sent in pieces whatever its length, so that it is never
 * parsed into objects and serialised again on its way.
 */
export class TextReply {
  constructor(readonly text: string) {}
}

/**
 * A reply that is JSON already (made once and kept, say): written into the reply's packet as
 * it is, not parsed and serialised again; a requester gets it as any other reply (as a value
 * from NatsRequester.request, as the same text from requestText).
 */
export class JsonReply {
  constructor(readonly json: string) {}
}

const fitsOneMessage = (json: string) =>
  json.length * 3 <= CHUNK_THRESHOLD_BYTES || Buffer.byteLength(json) <= CHUNK_THRESHOLD_BYTES;

/** The reply's pieces, or undefined when it fits in one message as it is. */
export function replyChunks(response: unknown): Array<{ [CHUNK]: string }> | undefined {
  if (response instanceof TextReply) return cut(response.text);
  if (response instanceof JsonReply)
    return fitsOneMessage(response.json) ? undefined : cut(response.json);
  if (response === undefined || response === null || typeof response !== 'object') return undefined;
  const json = JSON.stringify(response);
  return fitsOneMessage(json) ? undefined : cut(json);
}

/**
 * A reply as DirectResponder sends it, serialised once: its JSON when it fits one message
 * (undefined for no value), else its pieces (as replyChunks).
 */
export function replyPacking(
  response: unknown,
): { json: string | undefined } | { chunks: Array<{ [CHUNK]: string }> } {
  if (response instanceof TextReply) return { chunks: cut(response.text) };
  const json = response instanceof JsonReply ? response.json : JSON.stringify(response);
  return json === undefined || fitsOneMessage(json) ? { json } : { chunks: cut(json) };
}

function cut(json: string): Array<{ [CHUNK]: string }> {
  if (json.length === 0) return [{ [CHUNK]: '' }];
  const chunks: Array<{ [CHUNK]: string }> = [];
  for (let at = 0; at < json.length; at += CHUNK_CHARS)
    chunks.push({ [CHUNK]: json.slice(at, at + CHUNK_CHARS) });
  return chunks;
}

const isChunk = (value: unknown): value is { [CHUNK]: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>)[CHUNK] === 'string';

/** The reply from the packets received: the one value, or the pieces joined and parsed. */
export function joinReply<T>(values: readonly unknown[]): T {
  if (values.length === 0 || !isChunk(values[0])) return values[values.length - 1] as T;
  return JSON.parse(joinText(values)) as T;
}

/** The reply as text: the pieces joined, or the one value as JSON. */
export function joinText(values: readonly unknown[]): string {
  if (values.length === 0 || !isChunk(values[0]))
    return JSON.stringify(values[values.length - 1]) ?? '';
  return values.map((v) => (isChunk(v) ? v[CHUNK] : '')).join('');
}
