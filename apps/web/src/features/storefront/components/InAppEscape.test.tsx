import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { InAppEscape as Escape } from './InAppEscape';

// Real user agents of the apps' own browsers, and of the browsers a visitor escapes to.
const UA = {
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240405.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; en_IN; 598323397)',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.30.92 (iPhone15,3; iOS 17_4; en_IN; en; scale=3.00; 1290x2796; 596221423)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/459.0.0.48.109;FBBV/585441385;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_GB;FBOP/5;FBRV/0]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/458.0.0.54.108;]',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 12; RMX3371 Build/SKQ1.211019.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 trill_340103 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/34.1.3 ByteLocale/en ByteFullLocale/en Region/IN BytedanceWebview/d8a21c6',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

const PAGE = '/meera-finds/k3x9pqr';

/** The notice on the product page's address. */
const InAppEscape = (props: { disabled?: string[] }) => (
  <MemoryRouter initialEntries={[PAGE]}>
    <Escape {...props} />
  </MemoryRouter>
);

function openIn(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

const pageUrl = () => `${window.location.origin}${PAGE}`;
const openInBrowser = () => screen.queryByRole('link', { name: 'Open in browser' });

describe('the way out of an in-app browser', () => {
  it("reopens the page in Android's default browser from Instagram, with an intent", () => {
    openIn(UA.instagramAndroid);
    render(<InAppEscape />);
    expect(screen.getByRole('heading', { name: "You're in Instagram's browser" })).toBeVisible();
    const { host, protocol } = window.location;
    expect(openInBrowser()).toHaveAttribute(
      'href',
      `intent://${host}${PAGE}#Intent;scheme=${protocol.replace(':', '')};end`,
    );
  });

  it('uses the same intent from Facebook on Android', () => {
    openIn(UA.facebookAndroid);
    render(<InAppEscape />);
    expect(screen.getByRole('heading', { name: "You're in Facebook's browser" })).toBeVisible();
    expect(openInBrowser()?.getAttribute('href')).toMatch(/^intent:\/\/.*#Intent;scheme=\w+;end$/);
  });

  it('asks Instagram on iPhone to open the page outside (instagram://extbrowser)', () => {
    openIn(UA.instagramIos);
    render(<InAppEscape />);
    expect(openInBrowser()).toHaveAttribute(
      'href',
      `instagram://extbrowser/?url=${encodeURIComponent(pageUrl())}`,
    );
  });

  it('hands the page to Safari from Facebook on iPhone (x-safari-)', () => {
    openIn(UA.facebookIos);
    render(<InAppEscape />);
    const { host, protocol } = window.location;
    expect(openInBrowser()).toHaveAttribute('href', `x-safari-${protocol}//${host}${PAGE}`);
  });

  it('offers the link to copy where the app has no way out (TikTok)', async () => {
    openIn(UA.tiktokAndroid);
    const user = userEvent.setup();
    render(<InAppEscape />);
    expect(screen.getByRole('heading', { name: "You're in TikTok's browser" })).toBeVisible();
    expect(openInBrowser()).not.toBeInTheDocument();
    expect(screen.getByText(/copy this link and paste it into Chrome or Safari/)).toBeVisible();
    expect(screen.getByText(pageUrl())).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy link to this page' }));
    expect(await navigator.clipboard.readText()).toBe(pageUrl());
  });

  it('falls back to the copy screen for an escape switched off in configuration', () => {
    openIn(UA.instagramAndroid);
    render(<InAppEscape disabled={['instagram-android']} />);
    expect(openInBrowser()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link to this page' })).toBeVisible();
  });

  it.each([
    ['Chrome on Android', UA.chromeAndroid],
    ['Safari on iPhone', UA.safariIos],
  ])('shows nothing in %s', (_name, userAgent) => {
    openIn(userAgent);
    const { container } = render(<InAppEscape />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is not in the HTML the server renders (it knows no user agent), and never leaves by itself', () => {
    openIn(UA.instagramAndroid);
    expect(renderToString(<InAppEscape />)).toBe('');
    const before = window.location.href;
    render(<InAppEscape />);
    expect(window.location.href).toBe(before);
  });
});
