import { ACCOUNT_DISABLED_MESSAGE } from '@kartlink/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, networkDown, ok, testSession } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { TEST_PUBLIC_HOST } from '../../../test/public-url';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const field = (label: string) => screen.getByLabelText(label);
const button = (name: string) => screen.getByRole('button', { name });

async function openAuth(path = '/auth', title = 'Welcome back') {
  const app = renderApp(path);
  await heading(title);
  return app;
}

describe('the auth screen', () => {
  it('opens on sign in, with sign up one tab away', async () => {
    mockApi({});
    const { user } = await openAuth();
    const tabs = screen.getByRole('tablist', { name: 'Sign in or sign up' });
    expect(within(tabs).getByRole('tab', { name: 'Sign in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Sign in');

    await user.click(within(tabs).getByRole('tab', { name: 'Sign up' }));
    expect(await heading('Create your account')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Sign up');
  });

  it('moves between the tabs with the arrow keys', async () => {
    mockApi({});
    const { user } = await openAuth();
    screen.getByRole('tab', { name: 'Sign in' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveFocus();
  });

  it('opens on sign up with ?tab=signup and keeps ?shopUrl= as the claimed shop URL', async () => {
    mockApi({});
    await openAuth('/auth?tab=signup&shopUrl=Asha-Crafts', 'Create your account');
    expect(sessionStorage.getItem('claimedShopUrl')).toBe('asha-crafts');
    expect(localStorage.getItem('claimedShopUrl')).toBe('asha-crafts');
    expect(screen.getByText(/Create your account to claim/)).toHaveTextContent(
      `Create your account to claim ${TEST_PUBLIC_HOST}/asha-crafts.`,
    );
  });

  it('shows the hero carousel beside the form', async () => {
    mockApi({});
    await openAuth();
    expect(screen.getByRole('region', { name: 'Why Kartlink' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'One link for every store' }),
    ).toBeVisible();
  });

  it('offers Google only when the server has it configured', async () => {
    mockApi({});
    const first = await openAuth();
    expect(screen.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /auth/providers': ok({ google: true }) });
    const { user } = await openAuth();
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute(
      'href',
      'http://localhost:3000/api/auth/google?redirect=%2Fdashboard',
    );
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByRole('link', { name: 'Sign up with Google' })).toBeInTheDocument();
  });

  it('asks Google sign-in to come back to the page the guard stopped the user on', async () => {
    mockApi({ 'GET /auth/providers': ok({ google: true }) });
    sessionStorage.setItem('redirectUrl', '/dashboard/shop/seo?tab=og');
    await openAuth();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      'http://localhost:3000/api/auth/google?redirect=%2Fdashboard%2Fshop%2Fseo%3Ftab%3Dog',
    );
    expect(sessionStorage.getItem('redirectUrl')).toBe('/dashboard/shop/seo?tab=og');
  });

  it('sends a signed-in user on to the stored redirect URL, once', async () => {
    mockApi({});
    sessionStorage.setItem('redirectUrl', '/dashboard/links');
    const { router } = renderApp('/auth', { user: TEST_USER });
    await heading('Your product links');
    expect(router.state.location.pathname).toBe('/dashboard/links');
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
  });

  it('sends a signed-in user to /dashboard when nothing is stored', async () => {
    mockApi({});
    sessionStorage.setItem('redirectUrl', 'https://evil.example/');
    const { router } = renderApp('/auth', { user: TEST_USER });
    await heading('Your dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('signing in', () => {
  it('asks for the e-mail and the password, on their fields', async () => {
    mockApi({});
    const { user } = await openAuth();
    await user.click(button('Sign in'));

    const email = field('Email');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(field('Password')).toHaveAccessibleDescription('Password is required');

    await user.type(email, 'not-an-email');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(button('Sign in'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('signs in with "Remember me" and goes where the guard stopped the user', async () => {
    const api = mockApi({ 'POST /auth/login': ok(testSession({ accessToken: 'signed-in' })) });
    sessionStorage.setItem('redirectUrl', '/dashboard/links');
    const { user, router, store } = await openAuth();

    await user.type(field('Email'), ' asha@example.com ');
    await user.type(field('Password'), 'Secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(button('Sign in'));

    await heading('Your product links');
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'Secret123',
      rememberMe: true,
    });
    expect(router.state.location.pathname).toBe('/dashboard/links');
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', accessToken: 'signed-in' });
  });

  it('goes to /dashboard after a login from the home page, even right after sign-up', async () => {
    // The server calls an account new for its first 10 s; a login does not create one.
    mockApi({ 'POST /auth/login': ok(testSession({ isNewUser: true })) });
    const { user, router } = await openAuth();
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret123');
    await user.click(button('Sign in'));
    await heading('Your dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("shows the server's message when the login is refused", async () => {
    mockApi({ 'POST /auth/login': fail(401, 'Invalid email or password.', 'UNAUTHORIZED') });
    const { user, router } = await openAuth();
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'wrong');
    await user.click(button('Sign in'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('tells the owner of a disabled account so, in the words of the server', async () => {
    mockApi({
      'POST /auth/login': fail(403, ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED'),
    });
    const { user, router } = await openAuth();
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret123');
    await user.click(button('Sign in'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has been disabled. Contact support if you think this is a mistake.',
    );
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('says when the server cannot be reached', async () => {
    mockApi({ 'POST /auth/login': networkDown });
    const { user } = await openAuth();
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret123');
    await user.click(button('Sign in'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection and try again.',
    );
  });

  it('says when there are too many attempts', async () => {
    mockApi({ 'POST /auth/login': fail(429, undefined, 'RATE_LIMITED') });
    const { user } = await openAuth();
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'wrong');
    await user.click(button('Sign in'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a moment and try again.',
    );
  });
});

describe('signing in with Google', () => {
  it("trades the sign-in cookie Google's callback set for a session, once, and cleans the address", async () => {
    const api = mockApi({ 'POST /auth/session/google': ok(testSession()) });
    sessionStorage.setItem('redirectUrl', '/dashboard/links');
    const { router } = renderApp('/auth#google=signed-in&redirect=%2Fdashboard');
    await heading('Your dashboard');
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();
    expect(api.callsTo('POST /auth/session/google')).toHaveLength(1);
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('isNewUser')).toBeNull();
  });

  it('asks a new user for a phone number, then goes to the setup wizard', async () => {
    mockApi({ 'POST /auth/session/google': ok(testSession({ isNewUser: false })) });
    const { router, user } = renderApp('/auth?shopUrl=asha-crafts#google=signed-in&newUser=1');
    const dialog = await screen.findByRole('dialog', { name: 'One last step' });
    expect(router.state.location.hash).toBe('');
    expect(localStorage.getItem('isNewUser')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Skip for now' }));
    await heading('Set up your shop');
    expect(router.state.location.pathname).toBe('/shop/setup');
    expect(router.state.location.search).toBe('?shopUrl=asha-crafts');
  });

  it('also treats an account the server calls new as new', async () => {
    mockApi({ 'POST /auth/session/google': ok(testSession({ isNewUser: true })) });
    renderApp('/auth#google=signed-in');
    expect(await screen.findByRole('dialog', { name: 'One last step' })).toBeInTheDocument();
  });

  it('goes to the page Google sign-in carried through', async () => {
    mockApi({ 'POST /auth/session/google': ok(testSession()) });
    const { router } = renderApp('/auth#google=signed-in&redirect=%2Fdashboard%2Flinks');
    await heading('Your product links');
    expect(router.state.location.pathname).toBe('/dashboard/links');
  });

  it.each([
    ['access_denied', 'Google sign-in was cancelled.'],
    [
      'This Google account has no verified e-mail address.',
      'This Google account has no verified e-mail address.',
    ],
    ['x'.repeat(201), 'Google sign-in failed. Please try again.'],
    ['', 'Google sign-in failed. Please try again.'],
  ])('shows a message people can read for #error (%#)', async (error, message) => {
    mockApi({});
    const { router } = renderApp(`/auth#error=${encodeURIComponent(error)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.hash).toBe('');
  });

  it('never exchanges a sign-in token someone put in the address', async () => {
    const api = mockApi({ 'POST /auth/session': ok(testSession()) });
    const { router } = renderApp('/auth#token=attackers-token&redirect=%2Fdashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/auth/session'))).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('says so when the token is refused', async () => {
    mockApi({
      'POST /auth/session/google': fail(
        401,
        'This sign-in link is invalid or has expired.',
        'UNAUTHORIZED',
      ),
    });
    renderApp('/auth#google=signed-in');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link is invalid or has expired.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });
});

describe('while the session is being restored', () => {
  it('shows the spinner, then the form when there is no session', async () => {
    localStorage.setItem('auth-user', JSON.stringify(TEST_USER));
    let answer: (value: ReturnType<typeof fail>) => void = () => undefined;
    const api = mockApi({
      'POST /auth/refresh': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/auth');
    expect(
      await screen.findByRole('status', { name: 'Checking your session' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /auth/refresh')).toHaveLength(1));

    answer(fail(401, 'Your session has expired. Please log in again.', 'UNAUTHORIZED'));
    expect(await heading('Welcome back')).toBeInTheDocument();
  });
});
