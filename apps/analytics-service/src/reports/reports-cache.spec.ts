import { ReportsCache } from './reports-cache';

describe('the reports’ figures cache', () => {
  it('loads figures once for reads of the same key, at the same time and after', async () => {
    const cache = new ReportsCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((done) => setTimeout(done, 5));
      return [{ productId: 'p1', clicks: loads }];
    };
    const [a, b] = await Promise.all([cache.figures('s|1|x', load), cache.figures('s|1|x', load)]);
    expect(a).toBe(b);
    expect(await cache.figures('s|1|x', load)).toBe(a);
    expect(loads).toBe(1);
    // Another version of the shop (a fold changed it): read afresh.
    expect(await cache.figures('s|2|x', load)).toEqual([{ productId: 'p1', clicks: 2 }]);
  });

  it('forgets a load that failed', async () => {
    const cache = new ReportsCache();
    await expect(
      cache.figures('s|1|x', () => Promise.reject(new Error('database away'))),
    ).rejects.toThrow('database away');
    expect(await cache.figures('s|1|x', () => Promise.resolve('read again'))).toBe('read again');
  });
});
