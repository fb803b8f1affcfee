import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, networkDown, ok, testSession } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const field = (label: string) => screen.getByLabelText(label);
const button = (name: string) => screen.getByRole('button', { name });
const terms = () => screen.getByRole('checkbox', { name: /I agree to the/ });

const CODE_SENT = ok({ email: 'asha@example.com', expiresInSeconds: 600 });

async function openSignUp(user = userEvent.setup()) {
  const app = renderApp('/auth?tab=signup');
  await heading('Create your account');
  return { ...app, user };
}

async function fillSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full name'), 'Asha Rao');
  await user.type(field('Email'), 'asha@example.com');
  await user.type(field('Password'), 'Secret123');
  await user.click(terms());
}

/** Fills the form and asks for the code: the verification step is on screen. */
async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await fillSignUp(user);
  await user.click(button('Create account'));
  await heading('Check your e-mail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sign-up form', () => {
  it('names every missing field with the messages of SPEC section 5', async () => {
    mockApi({});
    const { user } = await openSignUp();
    await user.click(button('Create account'));

    expect(field('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(field('Full name')).toHaveFocus();
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password is required'),
    );
    expect(terms()).toHaveAccessibleDescription('You must agree to the terms and privacy policy.');
  });

  it.each([
    ['Secre1A', 'Password must be at least 8 characters long'],
    ['SECRET123', 'Password must contain at least one lowercase letter'],
    ['secret123', 'Password must contain at least one uppercase letter'],
    ['SecretPass', 'Password must contain at least one number'],
  ])('refuses the password %s: "%s"', async (password, message) => {
    const api = mockApi({});
    const { user } = await openSignUp();
    await user.type(field('Password'), password);
    await user.click(button('Create account'));
    expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(api.callsTo('POST /auth/register/send-otp')).toHaveLength(0);
  });

  it('ticks the password checklist as the password is typed', async () => {
    mockApi({});
    const { user } = await openSignUp();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const items = () =>
      within(checklist)
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    expect(items()).toEqual([
      'At least 8 characters (not yet)',
      'One lowercase letter (not yet)',
      'One uppercase letter (not yet)',
      'One number (not yet)',
    ]);
    await user.type(field('Password'), 'abc');
    expect(items()).toEqual([
      'At least 8 characters (not yet)',
      'One lowercase letter (done)',
      'One uppercase letter (not yet)',
      'One number (not yet)',
    ]);
    await user.type(field('Password'), 'De12345');
    expect(items().every((text) => text?.endsWith('(done)'))).toBe(true);
    // The checklist describes the password field.
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('At least 8 characters'),
    );
  });

  it('asks the server for a code with the typed details', async () => {
    const api = mockApi({ 'POST /auth/register/send-otp': CODE_SENT });
    const { user } = await openSignUp();
    await reachCodeStep(user);

    expect(api.callsTo('POST /auth/register/send-otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      fullName: 'Asha Rao',
      password: 'Secret123',
    });
    expect(screen.getByText(/Enter the 6-digit code we sent to/)).toHaveTextContent(
      'Enter the 6-digit code we sent to asha@example.com.',
    );
    expect(field('Verification code')).toHaveFocus();
  });

  it("puts the server's field problems on their fields", async () => {
    mockApi({
      'POST /auth/register/send-otp': fail(
        400,
        'Please check your input and try again.',
        'VALIDATION_ERROR',
        [
          { path: 'email', msg: 'Please enter a valid email address' },
          { path: 'fullName', msg: 'Full name must be at most 100 characters' },
        ],
      ),
    });
    const { user } = await openSignUp();
    await fillSignUp(user);
    await user.click(button('Create account'));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field('Full name')).toHaveAccessibleDescription(
      'Full name must be at most 100 characters',
    );
    expect(field('Full name')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      fail(409, 'An account with this email already exists.', 'CONFLICT'),
      'An account with this email already exists.',
    ],
    [fail(429, undefined, 'RATE_LIMITED'), 'Failed to create account'],
    [networkDown, 'Failed to create account'],
  ])('shows the server message, else "Failed to create account" (%#)', async (reply, message) => {
    mockApi({ 'POST /auth/register/send-otp': reply });
    const { user } = await openSignUp();
    await fillSignUp(user);
    await user.click(button('Create account'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your account');
  });
});

describe('the code step of sign-up', () => {
  it('takes digits only, at most 6, and allows Verify at exactly 6', async () => {
    mockApi({ 'POST /auth/register/send-otp': CODE_SENT });
    const { user } = await openSignUp();
    await reachCodeStep(user);
    const code = field('Verification code');
    const verify = button('Verify and create account');

    await user.type(code, '1a2 b3-45');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(code, '6789');
    expect(code).toHaveValue('123456');
    expect(verify).toBeEnabled();
  });

  it('verifies the code, signs in with the token and opens the setup wizard as a new user', async () => {
    localStorage.setItem('claimedShopUrl', 'asha-crafts');
    const api = mockApi({
      'POST /auth/register/send-otp': CODE_SENT,
      'POST /auth/register/verify-otp': ok({ customToken: 'one-time' }),
      'POST /auth/session': ok(testSession({ accessToken: 'new-account', isNewUser: true })),
    });
    const { user, router, store } = await openSignUp();
    await reachCodeStep(user);
    await user.type(field('Verification code'), '482913');
    await user.click(button('Verify and create account'));

    expect(
      await screen.findByText('Account created successfully! Redirecting...'),
    ).toBeInTheDocument();
    await heading('Set up your shop');
    expect(router.state.location.pathname).toBe('/shop/setup');
    expect(router.state.location.search).toBe('?shopUrl=asha-crafts');
    expect(localStorage.getItem('isNewUser')).toBe('true');
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', accessToken: 'new-account' });
    expect(api.callsTo('POST /auth/register/verify-otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      otp: '482913',
      password: 'Secret123',
    });
    expect(api.callsTo('POST /auth/session')[0]?.body).toEqual({ token: 'one-time' });
  });

  it.each([
    [
      fail(400, 'That code is not right. Please check it and try again.'),
      'That code is not right. Please check it and try again.',
    ],
    [fail(400, undefined), 'Invalid verification code'],
    [networkDown, 'Invalid verification code'],
  ])('shows the server message, else "Invalid verification code" (%#)', async (reply, message) => {
    mockApi({ 'POST /auth/register/send-otp': CODE_SENT, 'POST /auth/register/verify-otp': reply });
    const { user, router } = await openSignUp();
    await reachCodeStep(user);
    await user.type(field('Verification code'), '000000');
    await user.click(button('Verify and create account'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('goes Back to the sign-up form with what was typed', async () => {
    mockApi({ 'POST /auth/register/send-otp': CODE_SENT });
    const { user } = await openSignUp();
    await reachCodeStep(user);
    await user.click(button('Back'));

    expect(await heading('Create your account')).toHaveFocus();
    expect(field('Full name')).toHaveValue('Asha Rao');
    expect(field('Email')).toHaveValue('asha@example.com');
    expect(terms()).toBeChecked();
  });
});

describe('the code timer', () => {
  const setupWithFakeTimers = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  };
  const clock = () => screen.getByText(/Code expires in/);

  it('counts 600 s down in m:ss and allows Resend only at 0', async () => {
    mockApi({ 'POST /auth/register/send-otp': CODE_SENT });
    const { user } = await openSignUp(setupWithFakeTimers());
    await reachCodeStep(user);

    expect(clock()).toHaveTextContent('Code expires in 10:00');
    expect(button('Resend code')).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(clock()).toHaveTextContent('Code expires in 9:59');
    act(() => vi.advanceTimersByTime(589_000));
    expect(clock()).toHaveTextContent('Code expires in 0:10');
    expect(button('Resend code')).toBeDisabled();

    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('The code has expired. Ask for a new one.')).toBeInTheDocument();
    expect(button('Resend code')).toBeEnabled();
  });

  it('restarts the timer and clears the code on resend', async () => {
    const api = mockApi({
      'POST /auth/register/send-otp': CODE_SENT,
      'POST /auth/otp/resend': ok({ email: 'asha@example.com', expiresInSeconds: 600 }),
    });
    const { user } = await openSignUp(setupWithFakeTimers());
    await reachCodeStep(user);
    await user.type(field('Verification code'), '123');
    act(() => vi.advanceTimersByTime(600_000));

    await user.click(button('Resend code'));
    expect(await screen.findByText('Verification code resent successfully.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/otp/resend')[0]?.body).toEqual({
      email: 'asha@example.com',
      purpose: 'registration',
      fullName: 'Asha Rao',
    });
    expect(field('Verification code')).toHaveValue('');
    expect(clock()).toHaveTextContent('Code expires in 10:00');
    expect(button('Resend code')).toBeDisabled();
  });

  it.each([
    [
      fail(429, 'Please wait before asking for another code.', 'RATE_LIMITED'),
      'Please wait before asking for another code.',
    ],
    [networkDown, 'Failed to resend verification code'],
  ])(
    'shows the server message, else "Failed to resend verification code" (%#)',
    async (reply, message) => {
      mockApi({ 'POST /auth/register/send-otp': CODE_SENT, 'POST /auth/otp/resend': reply });
      const { user } = await openSignUp(setupWithFakeTimers());
      await reachCodeStep(user);
      act(() => vi.advanceTimersByTime(600_000));
      await user.click(button('Resend code'));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(button('Resend code')).toBeEnabled();
    },
  );
});
