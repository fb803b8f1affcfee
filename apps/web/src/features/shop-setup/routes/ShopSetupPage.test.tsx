import type { Shop, ShopSettingsBody } from '@kartlink/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, networkDown, ok, type ApiCall, type Reply } from '../../../test/mock-api';
import { imageFile, mockImageLoading } from '../../../test/mock-image';
import {
  created,
  deferred,
  mockUploads,
  refused,
  uploadedImage,
  type UploadReply,
} from '../../../test/mock-upload';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { TEST_PUBLIC_URL } from '../../../test/public-url';

const confetti = vi.hoisted(() => vi.fn());
// celebrate.ts draws with a cannon of its own (confetti.create): each burst is a call of it.
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

const NO_SHOP = fail(404, 'Shop not found', 'NOT_FOUND');

/** A shop as the server keeps it after a save: the saved fields over what it had. */
function savedShop(before: Shop | null, body: ShopSettingsBody): Shop {
  const base =
    before ??
    testShop({
      shopName: null,
      shopDescription: null,
      shopUrl: null,
      shopPhotoURL: null,
      setupCompleted: false,
      requiresSetup: true,
      setupSteps: { shopUrl: false, basicInfo: false, profilePhoto: false },
    });
  const shop = {
    ...base,
    ...body,
    setupSteps: { ...base.setupSteps, ...body.setupSteps },
  } as Shop;
  return { ...shop, requiresSetup: !shop.setupCompleted };
}

/** The wizard with a server that remembers what it saved. */
function serverWith(
  initial: Shop | null,
  routes: Record<string, Reply | ((c: ApiCall) => Reply)> = {},
) {
  let shop = initial;
  return mockApi({
    'GET /shop/user/profile': () => (shop ? ok(shop) : NO_SHOP),
    'GET /shop/status': () => ok(statusOf(shop)),
    'PUT /shop/settings': (call) => {
      shop = savedShop(shop, call.body as ShopSettingsBody);
      return ok(shop);
    },
    'POST /shop/validate-url': ok({ isAvailable: true }),
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 5 }),
    ...routes,
  });
}

async function openWizard(path = '/shop/setup') {
  const app = renderApp(path, { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Set up your shop' });
  return app;
}

/** A drop of files, as file-selector reads it from a browser's drop event. */
const dropOf = (files: File[]) => ({
  dataTransfer: {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  },
});

/** Lets the answers in flight arrive under fake timers, without moving the clock. */
async function settle() {
  for (let round = 0; round < 10; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      // setImmediate stays real: the mocked server's I/O gets its turn.
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

const stepHeading = () => screen.getByRole('heading', { level: 2 });
const progress = () => screen.getByRole('progressbar', { name: 'Setup progress' });

beforeEach(() => {
  confetti.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('opening the wizard', () => {
  it("says 'Checking shop status...' while the shop loads", async () => {
    let answer: (reply: Reply) => void = () => undefined;
    mockApi({
      'GET /shop/user/profile': () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    renderApp('/shop/setup', { user: TEST_USER });
    expect(await screen.findByText('Checking shop status...')).toBeInTheDocument();
    answer(NO_SHOP);
    // The wizard's step loads once the answer is in: as long as the file's other step waits.
    expect(
      await screen.findByRole('heading', { name: 'Shop URL' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('starts at step 1 for a new owner, with the three steps listed', async () => {
    serverWith(null);
    await openWizard();
    expect(stepHeading()).toHaveTextContent('Shop URL');
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    const steps = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      '1Shop URL',
      '2Basic Information',
      '3Profile Photo',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
  });

  it('opens at the first step not done, with done steps checked', async () => {
    serverWith(
      testShop({
        setupCompleted: false,
        requiresSetup: true,
        shopPhotoURL: null,
        setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: false },
      }),
    );
    await openWizard();
    expect(stepHeading()).toHaveTextContent('Profile Photo');
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
    const steps = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole(
      'listitem',
    );
    expect(steps[0]).toHaveTextContent('Shop URL (done)');
    expect(steps[1]).toHaveTextContent('Basic Information (done)');
    expect(steps[2]).not.toHaveTextContent('(done)');
  });

  it('opens at step 2 when only the URL is done, with the saved values', async () => {
    serverWith(
      testShop({
        setupCompleted: false,
        requiresSetup: true,
        shopName: 'Asha',
        setupSteps: { shopUrl: true, basicInfo: false, profilePhoto: false },
      }),
    );
    await openWizard();
    expect(stepHeading()).toHaveTextContent('Basic Information');
    expect(screen.getByLabelText('Shop name')).toHaveValue('Asha');
  });

  it('sends a finished shop to its dashboard with a message', async () => {
    serverWith(testShop());
    const { router } = renderApp('/shop/setup', { user: TEST_USER });
    expect(await screen.findByText('Your shop is already set up!')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Your shop' });
    expect(router.state.location.pathname).toBe('/dashboard/shop');
  });
});

describe('step 1, the shop URL', () => {
  it('keeps only lowercase letters, digits and hyphens of what is typed', async () => {
    serverWith(null);
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'Asha Crafts_2026!');
    expect(screen.getByLabelText('Shop URL')).toHaveValue('ashacrafts2026');
  });

  it('shows the public address with its host as the prefix', async () => {
    serverWith(null);
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'asha');
    expect(screen.getByText(`${TEST_PUBLIC_URL}/asha`)).toBeInTheDocument();
  });

  it('is prefilled from ?shopUrl, else from the claimed URL', async () => {
    serverWith(null);
    await openWizard('/shop/setup?shopUrl=Asha-Crafts');
    expect(screen.getByLabelText('Shop URL')).toHaveValue('asha-crafts');
  });

  it('is prefilled from the URL claimed on the home page', async () => {
    localStorage.setItem('claimedShopUrl', 'claimed-shop');
    serverWith(null);
    await openWizard();
    expect(screen.getByLabelText('Shop URL')).toHaveValue('claimed-shop');
  });

  it('asks about availability only after 3 characters and a 500 ms pause', async () => {
    const api = serverWith(null);
    await openWizard();
    const field = screen.getByLabelText('Shop URL');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.change(field, { target: { value: 'as' } });
    expect(screen.getByText('Store URL must be at least 3 characters')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.callsTo('POST /shop/validate-url')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'ash' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(field, { target: { value: 'asha' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(api.callsTo('POST /shop/validate-url')).toHaveLength(0);
    expect(screen.getByText('Checking availability…')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(await screen.findByText('This shop URL is available!')).toBeInTheDocument();
    expect(api.callsTo('POST /shop/validate-url').map((c) => c.body)).toEqual([
      { shopUrl: 'asha' },
    ]);
  });

  it('says when the URL is taken, and will not go on with it', async () => {
    const api = serverWith(null, {
      'POST /shop/validate-url': ok({
        isAvailable: false,
        message: 'This shop URL is already taken. Please choose a different one.',
      }),
    });
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'taken-shop');
    const taken = 'This shop URL is already taken. Please choose a different one.';
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Shop URL')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText(taken)).toHaveLength(2);
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);
  });

  it('refuses a short URL with the step guard', async () => {
    const api = serverWith(null);
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'as');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a valid shop URL (minimum 3 characters)',
    );
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);
  });

  it('saves the URL with its step flag, highlights for 1.5 s and moves on after 1.2 s', async () => {
    const api = serverWith(null);
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'asha-crafts');
    await screen.findByText('This shop URL is available!');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(screen.getByText('Saved. On to the next step…')).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings')[0]?.body).toEqual({
      shopUrl: 'asha-crafts',
      setupSteps: { shopUrl: true },
    });
    const firstStep = () =>
      within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem')[0]!;
    expect(firstStep()).toHaveTextContent('(done)');
    expect(firstStep()).toHaveClass('setup-steps__item--saved');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1199));
    expect(stepHeading()).toHaveTextContent('Shop URL');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(stepHeading()).toHaveTextContent('Basic Information');
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    expect(firstStep()).toHaveClass('setup-steps__item--saved');

    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(firstStep()).toHaveClass('setup-steps__item--saved');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(firstStep()).not.toHaveClass('setup-steps__item--saved');
  });

  it("shows the server's refusal inline and as a toast", async () => {
    const taken = 'This shop URL is already taken. Please choose a different one.';
    serverWith(null, {
      'PUT /shop/settings': fail(400, taken, 'VALIDATION_ERROR', [{ path: 'shopUrl', msg: taken }]),
    });
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'asha-crafts');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText(taken)).toHaveLength(2);
    expect(stepHeading()).toHaveTextContent('Shop URL');
  });

  it("says 'Failed to save shop settings' when no answer comes", async () => {
    serverWith(null, { 'PUT /shop/settings': networkDown });
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop URL'), 'asha-crafts');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Failed to save shop settings')).toHaveLength(2);
  });
});

describe('step 2, basic information', () => {
  const urlDone = () =>
    testShop({
      shopName: null,
      shopDescription: null,
      shopPhotoURL: null,
      setupCompleted: false,
      requiresSetup: true,
      setupSteps: { shopUrl: true, basicInfo: false, profilePhoto: false },
    });

  it('guards the name and the description with their own messages', async () => {
    const api = serverWith(urlDone());
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Shop name'), 'As');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a valid shop name (minimum 3 characters)',
    );
    expect(screen.getByLabelText('Shop name')).toHaveAccessibleDescription(
      'store name must be at least 3 characters',
    );

    await user.type(screen.getByLabelText('Shop name'), 'ha Crafts');
    await user.type(screen.getByLabelText('Shop description'), 'Sarees');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a valid shop description (minimum 10 characters)',
    );
    expect(screen.getByText('6/499')).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);
  });

  it('saves name and description with the basicInfo flag, and Back clears the step error', async () => {
    const api = serverWith(urlDone());
    const { user } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toHaveTextContent('Shop URL');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Shop URL')).toHaveValue('asha-crafts');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Basic Information' }, { timeout: 4000 });
    await user.type(screen.getByLabelText('Shop name'), 'Asha Crafts');
    await user.type(screen.getByLabelText('Shop description'), 'Handwoven sarees and stoles');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Profile Photo' }, { timeout: 4000 });
    expect(api.callsTo('PUT /shop/settings').at(-1)?.body).toEqual({
      shopName: 'Asha Crafts',
      shopDescription: 'Handwoven sarees and stoles',
      setupSteps: { basicInfo: true },
    });
  });
});

describe('step 3, the photo, and completing the setup', () => {
  const photoStep = (overrides: Partial<Shop> = {}) =>
    testShop({
      shopPhotoURL: null,
      setupCompleted: false,
      requiresSetup: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: false },
      ...overrides,
    });

  const photoInput = () => screen.getByLabelText('Photo file');

  beforeEach(() => {
    mockImageLoading();
  });

  it('needs a photo to continue', async () => {
    const api = serverWith(photoStep());
    const { user } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please upload a shop logo or profile image to continue',
    );
    expect(api.callsTo('PUT /shop/settings')).toHaveLength(0);
  });

  it('checks a chosen file, previews it and uploads it with its percentage', async () => {
    serverWith(photoStep());
    const answer = deferred<UploadReply>();
    const uploads = mockUploads({ 'POST /photos/shop': () => answer.promise });
    const { user } = await openWizard();
    const logo = imageFile('logo.png', 'image/png', { bytes: 4096 });
    await user.upload(photoInput(), logo);

    expect(await screen.findByAltText('Chosen photo preview')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    await vi.waitFor(() => expect(uploads.calls).toHaveLength(1));
    const [call] = uploads.calls;
    expect(call?.authorization).toBe('Bearer test-access-token');
    expect(call?.timeout).toBe(60_000);
    expect(call?.fields.photo).toEqual([logo]);
    expect(call?.fields.resize).toEqual(['true']);
    expect(JSON.parse(String(call?.fields.resizeOptions?.[0]))).toEqual({
      maxWidth: 800,
      maxHeight: 800,
      quality: 0.85,
    });
    expect(call?.fields.originalFilename).toEqual(['logo.png']);
    expect(call?.fields.fileSizeBytes).toEqual(['4096']);
    expect(call?.fields.mimeType).toEqual(['image/png']);

    act(() => call?.progress(42));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();

    answer.resolve(created(uploadedImage('shop-1')));
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });

  it('completes with the uploaded photo: saves it, clears the claim, celebrates', async () => {
    localStorage.setItem('claimedShopUrl', 'asha-crafts');
    localStorage.setItem('isNewUser', 'true');
    sessionStorage.setItem('claimedShopUrl', 'asha-crafts');
    const api = serverWith(photoStep());
    mockUploads({ 'POST /photos/shop': created(uploadedImage('shop-1')) });
    const { user, router } = await openWizard();
    await user.upload(photoInput(), imageFile('logo.png', 'image/png'));
    await screen.findByText('Image uploaded successfully');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(await screen.findByText('Shop setup completed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Setup Complete!' })).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/settings')[0]?.body).toEqual({
      shopUrl: 'asha-crafts',
      shopName: 'Asha Crafts',
      shopDescription: 'Handwoven sarees and stoles from Pochampally.',
      shopPhotoURL: '/api/photos/shop-1.webp',
      isShopPublic: true,
      setupCompleted: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    });
    expect(confetti).toHaveBeenCalled();
    expect(localStorage.getItem('claimedShopUrl')).toBeNull();
    expect(sessionStorage.getItem('claimedShopUrl')).toBeNull();
    expect(localStorage.getItem('isNewUser')).toBeNull();

    await screen.findByRole('heading', { level: 1, name: 'Your dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('removes an uploaded photo (deleting it) and takes another one instead', async () => {
    const api = serverWith(photoStep(), {
      'DELETE /photos/shop-1': ok(null),
      'DELETE /photos/shop-2': ok(null),
    });
    let next = 0;
    mockUploads({ 'POST /photos/shop': () => created(uploadedImage(`shop-${++next}`)) });
    const { user } = await openWizard();
    await user.upload(photoInput(), imageFile('first.png', 'image/png'));
    await screen.findByText('Image uploaded successfully');

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByAltText('Chosen photo preview')).not.toBeInTheDocument();
    expect(screen.queryByText('Image uploaded successfully')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('DELETE /photos/shop-1')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please upload a shop logo or profile image to continue',
    );

    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeInTheDocument();
    await user.upload(photoInput(), imageFile('second.webp', 'image/webp'));
    await screen.findByText('Image uploaded successfully');
    expect(screen.getByText('second.webp')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    // Changed again: the photo it replaces is deleted too.
    await user.upload(photoInput(), imageFile('third.png', 'image/png'));
    await screen.findByText('third.png');
    await screen.findByText('Image uploaded successfully');
    await vi.waitFor(() => expect(api.callsTo('DELETE /photos/shop-2')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByText('Shop setup completed successfully!');
    expect(api.callsTo('PUT /shop/settings')[0]?.body).toMatchObject({
      shopPhotoURL: '/api/photos/shop-3.webp',
    });
  });

  it.each([
    ['a 10-byte file', () => imageFile('tiny.png', 'image/png', { bytes: 10 }), /corrupted/],
    ['a PNG sent as a JPEG', () => imageFile('logo.png', 'image/jpeg'), /does not match its type/],
    ['an image that does not decode', () => imageFile('broken.png', 'image/png'), /not be read/],
  ])('refuses %s before uploading it', async (_name, file, message) => {
    serverWith(photoStep());
    const uploads = mockUploads({});
    const { user } = await openWizard();
    await user.upload(photoInput(), file());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(uploads.calls).toHaveLength(0);
    expect(screen.queryByAltText('Chosen photo preview')).not.toBeInTheDocument();
  });

  it("uses the file drop's own words for a refused file", async () => {
    serverWith(photoStep());
    await openWizard();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 6_000_000 });
    fireEvent.drop(photoInput().parentElement!, dropOf([huge]));
    expect(await screen.findByText('File is larger than 5242880 bytes')).toBeInTheDocument();

    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    fireEvent.drop(photoInput().parentElement!, dropOf([pdf]));
    expect(await screen.findByText(/^File type must be/)).toBeInTheDocument();

    const two = [imageFile('a.png', 'image/png'), imageFile('b.png', 'image/png')];
    fireEvent.drop(photoInput().parentElement!, dropOf(two));
    expect(await screen.findByText('Too many files')).toBeInTheDocument();
  });

  it('offers Retry Upload after a network error, at most twice', async () => {
    serverWith(photoStep());
    const uploads = mockUploads({ 'POST /photos/shop': networkDown });
    await openWizard();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(photoInput(), { target: { files: [imageFile('logo.png', 'image/png')] } });
    // Each try is itself sent again 3 times, 1 s, 2 s and 4 s apart (SPEC section 7).
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(uploads.calls).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection and try again.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Retry Upload' }));
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(uploads.calls).toHaveLength(8);
    expect(screen.getByRole('alert')).toHaveTextContent('Network error');

    fireEvent.click(screen.getByRole('button', { name: 'Retry Upload' }));
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(uploads.calls).toHaveLength(12);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Maximum retry attempts reached. Please try again later or use a different image.',
    );
    expect(screen.queryByRole('button', { name: 'Retry Upload' })).not.toBeInTheDocument();
  });

  it('succeeds when a retry gets through', async () => {
    serverWith(photoStep());
    let online = false;
    mockUploads({
      'POST /photos/shop': () => (online ? created(uploadedImage('shop-1')) : networkDown),
    });
    await openWizard();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(photoInput(), { target: { files: [imageFile('logo.png', 'image/png')] } });
    await act(() => vi.advanceTimersByTimeAsync(7000));
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry Upload' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Image uploaded successfully')).toBeInTheDocument();
  });

  it.each([
    [
      refused(415, 'Unsupported image type. Please use JPG, PNG, GIF or WebP.', 'UNSUPPORTED_TYPE'),
      'Unsupported image type. Please use JPG, PNG, GIF or WebP.',
    ],
    [refused(422, 'Bad', 'UNPROCESSABLE_IMAGE'), 'Upload failed. Please try again.'],
    [created({ _id: 'shop-1' }), 'Invalid response from server. Photo URL not received.'],
    [{ status: 201 }, 'No response received from server'],
  ])("shows the server's refusal %j as %s, without Retry Upload", async (reply, message) => {
    serverWith(photoStep());
    mockUploads({ 'POST /photos/shop': reply as UploadReply });
    const { user } = await openWizard();
    await user.upload(photoInput(), imageFile('logo.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Retry Upload' })).not.toBeInTheDocument();
    expect(screen.queryByText('Image uploaded successfully')).not.toBeInTheDocument();
  });

  it('goes to the dashboard 1 s after completing, with confetti for 3 s', async () => {
    serverWith(photoStep({ shopPhotoURL: 'https://images.example.com/logo.png' }));
    const { router } = await openWizard();
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Setup Complete!' })).toBeInTheDocument();
    const bursts = confetti.mock.calls.length;

    await act(() => vi.advanceTimersByTimeAsync(999));
    await settle();
    expect(router.state.location.pathname).toBe('/shop/setup');
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The dashboard's code loads as it would in a browser: the clock waits for it.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    await act(() => vi.advanceTimersByTimeAsync(1900));
    const beforeEnd = confetti.mock.calls.length;
    expect(beforeEnd).toBeGreaterThan(bursts);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const afterEnd = confetti.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(confetti.mock.calls.length).toBe(afterEnd);
  });

  it("fails with 'Failed to complete shop setup' when the answer is not completed", async () => {
    serverWith(photoStep({ shopPhotoURL: 'https://images.example.com/logo.png' }), {
      'PUT /shop/settings': ok(photoStep()),
    });
    const { user, router } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findAllByText('Failed to complete shop setup')).toHaveLength(2);
    expect(screen.queryByText('Setup Complete!')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/setup');
  });
});
