import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, networkDown, ok, testSession, type Reply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { phoneSaveProblem } from './PhoneModal';

/** A first Google sign-in: the phone step is open. */
async function openPhoneStep(saveReply: Reply = ok(testSession().user)) {
  const api = mockApi({
    'POST /auth/session/google': ok(testSession({ isNewUser: true })),
    'PUT /user/profile': saveReply,
  });
  const app = renderApp('/auth#google=signed-in&newUser=1');
  const dialog = await screen.findByRole('dialog', { name: 'One last step' });
  const phone = within(dialog).getByLabelText('Phone number');
  const save = () =>
    app.user.click(within(dialog).getByRole('button', { name: 'Save & Continue' }));
  return { ...app, api, dialog, phone, save };
}

describe('the phone step after a first Google sign-in', () => {
  it('is a modal dialog that takes the focus', async () => {
    const { dialog, phone } = await openPhoneStep();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(phone).toHaveFocus();
  });

  it.each([
    ['', 'Please enter your phone number'],
    ['98765abc', 'Please enter a valid phone number with country code (e.g., +1234567890)'],
    ['+0123456789', 'Please enter a valid phone number with country code (e.g., +1234567890)'],
    ['+1 234 567', 'Phone number must be between 10-16 digits'],
  ])('refuses "%s": %s', async (typed, message) => {
    const { user, phone, save, api } = await openPhoneStep();
    if (typed) await user.type(phone, typed);
    await save();
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(api.callsTo('PUT /user/profile')).toHaveLength(0);
  });

  it('saves the number without spaces, dashes and brackets, then opens the setup wizard', async () => {
    const { user, phone, save, api, router } = await openPhoneStep(
      ok({ ...testSession().user, phoneNumber: '+919876543210' }),
    );
    await user.type(phone, '+91 (98765) 43-210');
    await save();

    expect(await screen.findByText('Phone number saved successfully.')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Set up your shop' });
    expect(router.state.location.pathname).toBe('/shop/setup');
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({ phoneNumber: '+919876543210' });
    expect(api.callsTo('PUT /user/profile')[0]?.authorization).toBe('Bearer fresh-access-token');
  });

  it.each([
    [
      fail(409, 'Conflict', 'CONFLICT'),
      'This phone number is already registered to another account.',
    ],
    [
      fail(400, 'Please enter a valid phone number', 'VALIDATION_ERROR'),
      'Invalid phone number format. Please check and try again.',
    ],
    [
      fail(422, 'That number already exists', 'UNPROCESSABLE'),
      'This phone number is already registered to another account.',
    ],
  ])('shows the problem on the field (%#)', async (reply, message) => {
    const { user, phone, save, router } = await openPhoneStep(reply);
    await user.type(phone, '+919876543210');
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows other failures as a toast and stays open', async () => {
    const { user, phone, save, dialog } = await openPhoneStep(networkDown);
    await user.type(phone, '+919876543210');
    await save();
    expect(
      await screen.findByText(
        'Network error. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('is skipped with Escape too', async () => {
    const first = await openPhoneStep();
    await first.user.keyboard('{Escape}');
    await screen.findByRole('heading', { level: 1, name: 'Set up your shop' });
    expect(first.api.callsTo('PUT /user/profile')).toHaveLength(0);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openPhoneStep();
    const skip = within(dialog).getByRole('button', { name: 'Skip for now' });
    skip.focus();
    await user.tab();
    expect(within(dialog).getByLabelText('Phone number')).toHaveFocus();
    await user.tab({ shift: true });
    expect(skip).toHaveFocus();
  });
});

describe('phoneSaveProblem (SPEC section 8, Guard and phone)', () => {
  const answer = (status: number, error?: string) => ({
    status,
    data: { success: false, error, errorCode: 'X' },
  });
  it.each([
    [answer(409), { field: 'This phone number is already registered to another account.' }],
    [
      answer(500, 'Phone taken'),
      { field: 'This phone number is already registered to another account.' },
    ],
    [
      answer(503, 'User exists'),
      { field: 'This phone number is already registered to another account.' },
    ],
    [
      answer(400, 'Phone number is wrong'),
      { field: 'Invalid phone number format. Please check and try again.' },
    ],
    [answer(503, 'Maintenance in progress'), { toast: 'Maintenance in progress' }],
    [answer(503), { toast: 'Server error. Please try again later.' }],
  ])('reads %j', (error, shown) => {
    expect(phoneSaveProblem(error)).toEqual(shown);
  });
});
