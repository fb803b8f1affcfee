import { reporterHash } from './moderation.service';
import { toAdminReport } from './moderation-reads';

describe('reports', () => {
  const group = {
    id: 'g1',
    status: 'open' as const,
    count: 3,
    reasons: { scam: 2, spam: 1 },
    first_reported_at: new Date('2026-11-28T10:00:00Z'),
    first_cursor: '2026-11-28 10:00:00+00',
    last_reported_at: new Date('2026-11-28T12:00:00Z'),
    resolved_at: null,
    shop_id: 's1',
    product_id: 'p1',
    shop_url: 'priya-styles',
    shop_name: 'Priya Styles',
    short_code: 'x7kp2q',
    title: 'Silk saree',
    details: null,
  };

  it('describes the page a group is about', () => {
    expect(toAdminReport(group)).toEqual({
      id: 'g1',
      target: {
        type: 'product',
        shopUrl: 'priya-styles',
        shortCode: 'x7kp2q',
        path: '/priya-styles/x7kp2q',
        title: 'Silk saree',
      },
      status: 'open',
      reasons: { scam: 2, spam: 1 },
      count: 3,
      details: [],
      firstReportedAt: '2026-11-28T10:00:00.000Z',
      lastReportedAt: '2026-11-28T12:00:00.000Z',
      resolvedAt: null,
    });
    expect(toAdminReport({ ...group, product_id: null }).target).toEqual({
      type: 'shop',
      shopUrl: 'priya-styles',
      shortCode: null,
      path: '/priya-styles',
      title: 'Priya Styles',
    });
  });

  it('keeps a visitor’s address only as a hash salted with the group', () => {
    const hash = reporterHash('g1', '10.1.2.3');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('10.1.2.3');
    expect(reporterHash('g2', '10.1.2.3')).not.toBe(hash);
    expect(reporterHash('g1', '10.1.2.3')).toBe(hash);
  });
});
