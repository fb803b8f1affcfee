import { cleanSocialValue, socialLink, visibleSocialLinks } from './social';

describe('social links (SPEC section 3)', () => {
  it.each([
    ['instagram', '@asha.styles', 'https://www.instagram.com/asha.styles'],
    ['instagram', 'https://instagram.com/asha_styles/', 'https://www.instagram.com/asha_styles'],
    ['youtube', 'AshaCooks', 'https://www.youtube.com/@AshaCooks'],
    ['linkedin', 'kartlink', 'https://www.linkedin.com/company/kartlink'],
    ['tiktok', '@asha', 'https://www.tiktok.com/@asha'],
    ['snapchat', 'asha', 'https://www.snapchat.com/add/asha'],
    ['discord', 'AbCd12', 'https://discord.gg/AbCd12'],
    ['reddit', 'asha', 'https://www.reddit.com/u/asha'],
    ['x', 'asha<script>', 'https://x.com/ashascript'],
    ['whatsapp', '+91 98765-43210', 'https://wa.me/919876543210'],
    ['phone', '+91 (98765) 43210', 'tel:+919876543210'],
    ['email', ' Asha@Example.com ', 'mailto:asha@example.com'],
    ['website', 'asha.shop', 'https://asha.shop/'],
    ['website', 'javascript:alert(1)', undefined],
    ['instagram', '   ', undefined],
  ] as const)('%s %j → %s', (platform, value, link) => {
    expect(socialLink(platform, value)).toBe(link);
  });

  it('strips handles to letters, digits and . _ -', () => {
    expect(cleanSocialValue('pinterest', '@my shop!.co_ok-1')).toBe('myshop.co_ok-1');
  });

  it('hides the legacy twitter entry when x is set', () => {
    expect(visibleSocialLinks({ twitter: 'old', x: 'new' }).map((l) => l.url)).toEqual([
      'https://x.com/new',
    ]);
    expect(visibleSocialLinks({ twitter: 'old' }).map((l) => l.url)).toEqual(['https://x.com/old']);
  });
});
