import { CHUNK, JsonReply, joinReply, joinText, replyChunks, TextReply } from './reply-chunks';

/** A list as a large shop answers it: text in several scripts, emoji (surrogate pairs), quotes. */
const products = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `product-${i}`,
    title: `Kurta "${i}" — कुर्ता ${i} 👗🎉`,
    description: 'Cotton, hand block printed.\nSizes S–XXL; washes at 30°C. '.repeat(4),
    price: 499 + i,
  }));

describe('replies cut into pieces', () => {
  it('leaves a reply that fits one message as it is', () => {
    expect(replyChunks(products(50))).toBeUndefined();
    expect(replyChunks('plain text')).toBeUndefined();
    expect(replyChunks(null)).toBeUndefined();
    expect(joinReply([{ ok: 1 }])).toEqual({ ok: 1 });
  });

  it('cuts a 5 MB list into messages under the 1 MB limit and puts it back together', () => {
    const list = products(15_000);
    const chunks = replyChunks(list)!;
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      // As Nest sends it: the packet serialised as JSON.
      const packet = JSON.stringify({ id: 'x', response: chunk, isDisposed: true });
      expect(Buffer.byteLength(packet)).toBeLessThan(1024 * 1024);
      expect(typeof chunk[CHUNK]).toBe('string');
    }
    // Each packet goes through JSON on its way, a cut emoji included.
    const received = chunks.map((chunk) => JSON.parse(JSON.stringify(chunk)) as unknown);
    expect(joinReply(received)).toEqual(list);
  });
});

describe('replies that are text already', () => {
  it('go in pieces whatever their length and come back as the same text, unparsed', () => {
    const through = (chunks: unknown[]) =>
      chunks.map((chunk) => JSON.parse(JSON.stringify(chunk)) as unknown);
    const small = '{"codes":["a"]}\n[{"title":"Kurta \\"1\\""}]';
    expect(joinText(through(replyChunks(new TextReply(small))!))).toBe(small);
    const large = JSON.stringify(products(15_000));
    const chunks = replyChunks(new TextReply(large))!;
    expect(chunks.length).toBeGreaterThan(5);
    expect(joinText(through(chunks))).toBe(large);
    expect(joinText(through(replyChunks(new TextReply(''))!))).toBe('');
  });

  it('are made of a plain reply when a handler answered one', () => {
    expect(joinText([{ ok: 1 }])).toBe('{"ok":1}');
  });
});

describe('replies that are JSON already', () => {
  it('go in one message as they are when they fit, and in pieces when not', () => {
    expect(replyChunks(new JsonReply('{"items":[],"total":0}'))).toBeUndefined();
    const list = products(15_000);
    const chunks = replyChunks(new JsonReply(JSON.stringify(list)))!;
    expect(chunks.length).toBeGreaterThan(5);
    const received = chunks.map((chunk) => JSON.parse(JSON.stringify(chunk)) as unknown);
    expect(joinReply(received)).toEqual(list);
    expect(joinText(received)).toBe(JSON.stringify(list));
  });
});
