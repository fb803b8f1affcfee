import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type Handler, mockApi, networkDown, ok } from '../../../test/mock-api';
import { imageFile, mockImageLoading } from '../../../test/mock-image';
import { created, mockUploads, uploadedImage } from '../../../test/mock-upload';
import { renderApp, TEST_USER } from '../../../test/render-app';

const ME = ok({ ...TEST_USER, phoneNumber: '+919876543210' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const DEVICES = [
  {
    id: 'this-one',
    device: 'Chrome on Android',
    place: 'Kolkata',
    timeZone: 'Asia/Kolkata',
    createdAt: '2026-11-20T09:00:00Z',
    lastUsedAt: minutesAgo(0),
    current: true,
  },
  {
    id: 'iphone',
    device: 'Safari on iPhone',
    place: 'London',
    timeZone: 'Europe/London',
    createdAt: '2026-11-21T09:00:00Z',
    lastUsedAt: minutesAgo(5),
    current: false,
  },
  {
    id: 'insta',
    device: 'Instagram app on Android',
    place: null,
    timeZone: null,
    createdAt: '2026-11-22T09:00:00Z',
    lastUsedAt: minutesAgo(3 * 24 * 60),
    current: false,
  },
];

async function openAccount(routes: Record<string, Handler> = {}, user = TEST_USER) {
  const api = mockApi({ 'GET /auth/me': ME, 'GET /auth/sessions': ok(DEVICES), ...routes });
  const app = renderApp('/dashboard/account', { user });
  await screen.findByRole('heading', { level: 1, name: 'Your account' });
  return { ...app, api };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the account page', () => {
  it('shows who is signed in, with the profile the server has now', async () => {
    const { api } = await openAccount();
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as asha@example.com');
    const profile = within(section('Profile'));
    expect(profile.getByLabelText('Display name')).toHaveValue('Asha Rao');
    expect(await profile.findByDisplayValue('+919876543210')).toBe(
      profile.getByLabelText('Phone number'),
    );
    expect(api.callsTo('GET /auth/me')[0]?.authorization).toBe('Bearer test-access-token');
  });

  it('saves the display name and the phone number', async () => {
    const saved = { ...TEST_USER, displayName: 'Asha R', phoneNumber: '+14155550123' };
    const { user, api, store } = await openAccount({ 'PUT /user/profile': ok(saved) });
    const profile = within(section('Profile'));
    await profile.findByDisplayValue('+919876543210');

    await user.clear(profile.getByLabelText('Display name'));
    await user.type(profile.getByLabelText('Display name'), 'Asha R');
    await user.clear(profile.getByLabelText('Phone number'));
    await user.type(profile.getByLabelText('Phone number'), '+1 (415) 555-0123');
    await user.click(profile.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({
      displayName: 'Asha R',
      phoneNumber: '+14155550123',
    });
    expect(store.getState().auth.user).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('auth-user') ?? '{}')).toMatchObject({
      displayName: 'Asha R',
      phoneNumber: '+14155550123',
    });
    expect(profile.getByLabelText('Phone number')).toHaveValue('+14155550123');
  });

  it('removes the phone number when it is emptied', async () => {
    const { user, api } = await openAccount({
      'PUT /user/profile': ok({ ...TEST_USER, phoneNumber: null }),
    });
    const profile = within(section('Profile'));
    await user.clear(await profile.findByDisplayValue('+919876543210'));
    await user.click(profile.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your profile was saved.');
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({
      displayName: 'Asha Rao',
      phoneNumber: '',
    });
  });

  it('checks the phone number before saving it', async () => {
    const { user, api } = await openAccount();
    const profile = within(section('Profile'));
    const phone = await profile.findByDisplayValue('+919876543210');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(profile.getByRole('button', { name: 'Save changes' }));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Phone number must be between 10-16 digits'),
    );
    expect(phone).toHaveFocus();
    expect(api.callsTo('PUT /user/profile')).toHaveLength(0);
  });

  it('says when the phone number belongs to another account', async () => {
    const { user } = await openAccount({
      'PUT /user/profile': fail(
        409,
        'This phone number is already registered to another account.',
        'CONFLICT',
      ),
    });
    const profile = within(section('Profile'));
    await profile.findByDisplayValue('+919876543210');
    await user.click(profile.getByRole('button', { name: 'Save changes' }));
    expect(
      await profile.findByText('This phone number is already registered to another account.'),
    ).toBeInTheDocument();
    expect(profile.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('changing the password', () => {
  it('needs the current password and a new one that follows the rules', async () => {
    const { user, api } = await openAccount();
    const form = within(section('Password'));
    await user.type(form.getByLabelText('New password'), 'short');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Password is required',
    );
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters long'),
    );
    expect(
      within(form.getByRole('list', { name: 'Password requirements' })).getByText(
        /One lowercase letter/,
      ),
    ).toHaveTextContent('One lowercase letter (done)');
    expect(api.callsTo('POST /auth/password')).toHaveLength(0);
  });

  it('changes it and empties the fields', async () => {
    const { user, api } = await openAccount({
      'POST /auth/password': ok(null, 'Your password was changed.'),
    });
    const form = within(section('Password'));
    await user.type(form.getByLabelText('Current password'), 'Secret123');
    await user.type(form.getByLabelText('New password'), 'Better456');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/password')[0]?.body).toEqual({
      currentPassword: 'Secret123',
      newPassword: 'Better456',
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(form.getByLabelText('New password')).toHaveValue('');
  });

  it('shows a wrong current password on its field', async () => {
    const { user, store } = await openAccount({
      'POST /auth/password': fail(
        400,
        'Please check your input and try again.',
        'VALIDATION_ERROR',
        [{ path: 'currentPassword', msg: 'Your current password is incorrect.' }],
      ),
    });
    const form = within(section('Password'));
    await user.type(form.getByLabelText('Current password'), 'Wrong123');
    await user.type(form.getByLabelText('New password'), 'Better456');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveFocus();
    expect(store.getState().auth.user).not.toBeNull();
  });

  it('is not offered to someone who only signs in with Google', async () => {
    const googleOnly = { ...TEST_USER, signInMethods: ['google' as const] };
    // The profile the server has says so too, whenever its answer comes.
    await openAccount({ 'GET /auth/me': ok(googleOnly) }, googleOnly);
    const form = within(section('Password'));
    expect(await form.findByText(/You sign in with Google/)).toBeInTheDocument();
    expect(form.queryByLabelText('Current password')).not.toBeInTheDocument();
  });
});

describe('signing out', () => {
  it('signs out here and goes home', async () => {
    const { user, api, router, store } = await openAccount({ 'POST /auth/logout': ok(null) });
    await user.click(within(section('Sign out')).getByRole('button', { name: 'Sign out' }));

    await screen.findByRole('heading', { level: 1, name: 'One link for every store you sell on' });
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(store.getState().auth.user).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectUrl')).toBeNull();

    // Going back to a protected page right away asks to sign in, as always.
    await act(() => router.navigate('/dashboard/links'));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(sessionStorage.getItem('redirectUrl')).toBe('/dashboard/links');
  });

  it('signs out of every device', async () => {
    const { user, api, router } = await openAccount({ 'POST /auth/logout-all': ok(null) });
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));

    await screen.findByRole('heading', { level: 1, name: 'One link for every store you sell on' });
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST /auth/logout-all')[0]?.authorization).toBe('Bearer test-access-token');
  });

  it('stays signed in and says why when signing out everywhere fails', async () => {
    const { user, router } = await openAccount({ 'POST /auth/logout-all': networkDown });
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));

    expect(
      await screen.findByText(
        'Network error. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/account');
    expect(screen.getByRole('button', { name: 'Sign out of every device' })).toBeEnabled();
  });
});

describe('the profile photo', () => {
  beforeEach(() => {
    mockImageLoading();
  });

  it('is uploaded, then saved as the profile photo', async () => {
    const photo = '/api/photos/profile-1.webp';
    const uploads = mockUploads({ 'POST /photos/profile': created(uploadedImage('profile-1')) });
    const { user, api, store } = await openAccount({
      'PUT /user/profile': ok({ ...TEST_USER, photoURL: photo }),
    });
    const face = imageFile('me.jpg', 'image/jpeg');
    await user.upload(screen.getByLabelText('Profile photo file'), face);

    expect(await screen.findByText('Your profile photo was saved.')).toBeInTheDocument();
    expect(uploads.calls[0]?.fields).toEqual({ photo: [face] });
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({ photoURL: photo });
    expect(store.getState().auth.user?.photoURL).toBe(photo);
    expect(screen.getByText('Image uploaded successfully')).toBeInTheDocument();
  });

  it('is deleted again when the profile refuses it', async () => {
    mockUploads({ 'POST /photos/profile': created(uploadedImage('profile-2')) });
    const { user, api } = await openAccount({
      'PUT /user/profile': fail(400, 'photoURL must be an uploaded photo', 'VALIDATION_ERROR'),
      'DELETE /photos/profile-2': ok(null),
    });
    await user.upload(
      screen.getByLabelText('Profile photo file'),
      imageFile('me.png', 'image/png'),
    );
    expect(await screen.findByText('photoURL must be an uploaded photo')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('DELETE /photos/profile-2')).toHaveLength(1));
  });

  it('replaces the saved photo, whose file is deleted, and shows the new one in the top bar', async () => {
    const oldId = '0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3b';
    const newId = '7e2d9a41-5c3b-4f1e-8a6d-2b9c0e1f3a4d';
    const withPhoto = { ...TEST_USER, photoURL: `/api/photos/${oldId}.jpg` };
    mockUploads({ 'POST /photos/profile': created(uploadedImage(newId)) });
    const replaced = { ...TEST_USER, photoURL: `/api/photos/${newId}.webp` };
    const { user, api } = await openAccount(
      {
        'GET /auth/me': ok(withPhoto),
        'PUT /user/profile': ok(replaced),
        [`DELETE /photos/${oldId}`]: ok(null),
      },
      withPhoto,
    );
    const account = screen.getByRole('link', { name: 'Your account: Asha Rao' });
    expect(within(account).getByRole('presentation')).toHaveAttribute('src', withPhoto.photoURL);

    await user.upload(
      screen.getByLabelText('Profile photo file'),
      imageFile('new.jpg', 'image/jpeg'),
    );
    expect(await screen.findByText('Your profile photo was saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({ photoURL: replaced.photoURL });
    await vi.waitFor(() => expect(api.callsTo(`DELETE /photos/${oldId}`)).toHaveLength(1));
    expect(within(account).getByRole('presentation')).toHaveAttribute('src', replaced.photoURL);
  });

  it('is removed', async () => {
    const withPhoto = { ...TEST_USER, photoURL: 'https://images.example.com/me.jpg' };
    const { user, api, store } = await openAccount(
      { 'GET /auth/me': ok(withPhoto), 'PUT /user/profile': ok({ ...TEST_USER, photoURL: null }) },
      withPhoto,
    );
    await vi.waitFor(() => expect(api.callsTo('GET /auth/me')).toHaveLength(1));
    expect(screen.getByAltText('Your profile photo')).toHaveAttribute(
      'src',
      'https://images.example.com/me.jpg',
    );
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your profile photo was removed.')).toBeInTheDocument();
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({ photoURL: null });
    expect(store.getState().auth.user?.photoURL).toBeNull();
  });
});

describe('the signed-in devices', () => {
  const devices = () => within(section('Signed-in devices'));

  it('lists each device with its place, sign-in date and last activity, this one marked', async () => {
    await openAccount();
    const items = await devices().findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Chrome on AndroidThis deviceKolkata · Signed in 20 Nov 2026Active now$/,
      ),
      expect.stringMatching(
        /^Safari on iPhoneLondon · Signed in 21 Nov 2026Last active 5 minutes ago/,
      ),
      expect.stringMatching(
        /^Instagram app on AndroidPlace unknown · Signed in 22 Nov 2026Last active 3 days ago/,
      ),
    ]);
    // This device is signed out with the page's own "Sign out", not from the list.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
  });

  it('signs out one other device, named on its button, and shows the list again', async () => {
    let list = DEVICES;
    const { user, api } = await openAccount({
      'GET /auth/sessions': () => ok(list),
      'DELETE /auth/sessions/iphone': () => {
        list = DEVICES.filter((device) => device.id !== 'iphone');
        return ok(null);
      },
    });
    await user.click(
      await devices().findByRole('button', { name: 'Sign out Safari on iPhone in London' }),
    );
    expect(
      await screen.findByText('Signed out of Safari on iPhone in London.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(devices().queryByText('Safari on iPhone')).toBeNull());
    expect(api.callsTo('DELETE /auth/sessions/iphone')).toHaveLength(1);
    expect(
      devices().getByRole('button', { name: 'Sign out Instagram app on Android' }),
    ).toBeEnabled();
  });

  it('signs out of all other devices at once', async () => {
    let list = DEVICES;
    const { user } = await openAccount({
      'GET /auth/sessions': () => ok(list),
      'POST /auth/sessions/end-others': () => {
        list = DEVICES.filter((device) => device.current);
        return ok({ ended: 2 });
      },
    });
    await user.click(
      await devices().findByRole('button', { name: 'Sign out of all other devices' }),
    );
    expect(await screen.findByText('Signed out of 2 other devices.')).toBeInTheDocument();
    await waitFor(() => expect(devices().getAllByRole('listitem')).toHaveLength(1));
    expect(devices().queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
  });

  it('says so when a device was already gone, and refreshes the list', async () => {
    const { user, api } = await openAccount({
      'DELETE /auth/sessions/insta': fail(
        404,
        'This device is not signed in to your account.',
        'NOT_FOUND',
      ),
    });
    await user.click(
      await devices().findByRole('button', { name: 'Sign out Instagram app on Android' }),
    );
    expect(
      await screen.findByText('This device is not signed in to your account.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /auth/sessions').length).toBeGreaterThan(1));
  });
});
