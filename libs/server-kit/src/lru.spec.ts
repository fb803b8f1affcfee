import { Lru } from './lru';

describe('Lru', () => {
  it('forgets the least recently used entry first when full', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1, 1000);
    lru.set('b', 2, 1000);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3, 1000);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('answers nothing for an entry past its time', () => {
    let now = 0;
    const lru = new Lru<string, string>(10, () => now);
    lru.set('shop', 'known', 500);
    now = 499;
    expect(lru.get('shop')).toBe('known');
    now = 500;
    expect(lru.get('shop')).toBeUndefined();
    expect(lru.size).toBe(0);
  });
});
