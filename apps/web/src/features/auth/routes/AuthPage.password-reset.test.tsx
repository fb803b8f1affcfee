import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, networkDown, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const field = (label: string) => screen.getByLabelText(label);
const button = (name: string) => screen.getByRole('button', { name });

const CODE_SENT = ok(
  { email: 'asha@example.com', expiresInSeconds: 600 },
  'If an account exists for this e-mail, a reset code is on its way.',
);

async function openForgotPassword() {
  const app = renderApp('/auth');
  await heading('Welcome back');
  await app.user.type(field('Email'), 'asha@example.com');
  await app.user.click(button('Forgot password?'));
  expect(await heading('Reset your password')).toHaveFocus();
  return app;
}

async function reachCodeStep() {
  const app = await openForgotPassword();
  await app.user.click(button('Send reset code'));
  await heading('Check your e-mail');
  return app;
}

describe('forgot password', () => {
  it('keeps the e-mail typed on sign-in, and asks for one', async () => {
    mockApi({});
    const { user } = await openForgotPassword();
    expect(field('Email')).toHaveValue('asha@example.com');
    await user.clear(field('Email'));
    await user.click(button('Send reset code'));
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
  });

  it.each([
    [
      fail(429, 'Too many codes were asked for. Try again later.', 'RATE_LIMITED'),
      'Too many codes were asked for. Try again later.',
    ],
    [networkDown, 'Failed to send reset code'],
  ])('shows the server message, else "Failed to send reset code" (%#)', async (reply, message) => {
    mockApi({ 'POST /auth/password-reset/send-otp': reply });
    const { user } = await openForgotPassword();
    await user.click(button('Send reset code'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('goes Back to sign-in', async () => {
    mockApi({});
    const { user } = await openForgotPassword();
    await user.click(button('Back'));
    expect(await heading('Welcome back')).toHaveFocus();
  });
});

describe('resetting the password with the code', () => {
  it('sets the new password and returns to sign-in with it filled in', async () => {
    const api = mockApi({
      'POST /auth/password-reset/send-otp': CODE_SENT,
      'POST /auth/password-reset/verify-otp': ok(null, 'Your password was reset.'),
    });
    const { user } = await reachCodeStep();
    expect(api.callsTo('POST /auth/password-reset/send-otp')[0]?.body).toEqual({
      email: 'asha@example.com',
    });

    await user.type(field('Verification code'), '246810');
    await user.type(field('New password'), 'weak');
    await user.click(button('Verify and reset password'));
    expect(field('New password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters long'),
    );
    expect(api.callsTo('POST /auth/password-reset/verify-otp')).toHaveLength(0);

    await user.type(field('New password'), 'Better123');
    await user.click(button('Verify and reset password'));

    expect(await heading('Welcome back')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Password reset successfully! You can now sign in with your new password.',
    );
    expect(field('Email')).toHaveValue('asha@example.com');
    expect(field('Password')).toHaveValue('weakBetter123');
    expect(api.callsTo('POST /auth/password-reset/verify-otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      otp: '246810',
      newPassword: 'weakBetter123',
    });
  });

  it.each([
    [
      fail(400, 'This code has expired. Ask for a new one.'),
      'This code has expired. Ask for a new one.',
    ],
    [networkDown, 'Invalid verification code'],
  ])('shows the server message, else "Invalid verification code" (%#)', async (reply, message) => {
    mockApi({
      'POST /auth/password-reset/send-otp': CODE_SENT,
      'POST /auth/password-reset/verify-otp': reply,
    });
    const { user } = await reachCodeStep();
    await user.type(field('Verification code'), '246810');
    await user.type(field('New password'), 'Better123');
    await user.click(button('Verify and reset password'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("puts the server's problem with the new password on its field", async () => {
    mockApi({
      'POST /auth/password-reset/send-otp': CODE_SENT,
      'POST /auth/password-reset/verify-otp': fail(
        400,
        'Please check your input and try again.',
        'VALIDATION_ERROR',
        [{ path: 'newPassword', msg: 'Password must be at most 128 characters' }],
      ),
    });
    const { user } = await reachCodeStep();
    await user.type(field('Verification code'), '246810');
    await user.type(field('New password'), 'Better123');
    await user.click(button('Verify and reset password'));
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(field('New password')).toHaveFocus();
  });

  it('sends a new reset code when the timer has run out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = mockApi({
        'POST /auth/password-reset/send-otp': CODE_SENT,
        'POST /auth/otp/resend': ok({ email: 'asha@example.com', expiresInSeconds: 600 }),
      });
      await reachCodeStep();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      act(() => vi.advanceTimersByTime(600_000));
      await user.click(button('Resend code'));
      expect(await screen.findByText('Verification code resent successfully.')).toBeInTheDocument();
      expect(api.callsTo('POST /auth/otp/resend')[0]?.body).toEqual({
        email: 'asha@example.com',
        purpose: 'password-reset',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes Back to the e-mail step', async () => {
    mockApi({ 'POST /auth/password-reset/send-otp': CODE_SENT });
    const { user } = await reachCodeStep();
    await user.click(button('Back'));
    expect(await heading('Reset your password')).toBeInTheDocument();
  });
});
