import type { Banner, BannerList, BannerUpdateBody } from '@kartlink/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, networkDown, ok, type ApiCall, type Reply } from '../../../test/mock-api';
import { imageFile, mockImageLoading } from '../../../test/mock-image';
import {
  created,
  deferred,
  mockUploads,
  refused,
  type UploadCall,
  type UploadReply,
} from '../../../test/mock-upload';
import { renderApp, TEST_USER } from '../../../test/render-app';

const banner = (n: number, overrides: Partial<Banner> = {}): Banner => ({
  id: `b${n}`,
  url: `/api/banners/b${n}`,
  alt: `Sale ${n}`,
  link: '',
  order: n - 1,
  ...overrides,
});

const THREE: BannerList = { enabled: true, images: [banner(1), banner(2), banner(3)] };

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** The banners page with a server that keeps the banners the way media-service does. */
function openBanners(
  initial: BannerList = THREE,
  routes: Record<string, Handler> = {},
  uploadRoutes: Record<
    string,
    UploadReply | ((call: UploadCall) => UploadReply | Promise<UploadReply>)
  > = {},
) {
  let set = initial;
  const byId = (id: string) => set.images.find((b) => b.id === id);
  const perBanner = Object.fromEntries(
    initial.images.flatMap((b) => [
      [
        `PUT /banners/${b.id}`,
        (call: ApiCall) => {
          const body = call.body as BannerUpdateBody;
          const updated = { ...byId(b.id)!, ...body };
          set = { ...set, images: set.images.map((x) => (x.id === b.id ? updated : x)) };
          return ok(updated);
        },
      ],
      [
        `DELETE /banners/${b.id}`,
        () => {
          set = { ...set, images: set.images.filter((x) => x.id !== b.id) };
          return ok(null);
        },
      ],
    ]),
  );
  const api = mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'GET /banners/shop': () => ok(set),
    'POST /banners/toggle': (call) => {
      set = { ...set, enabled: (call.body as { enabled: boolean }).enabled };
      return ok(set);
    },
    'POST /banners/reorder': (call) => {
      const ids = (call.body as { bannerIds: string[] }).bannerIds;
      set = { ...set, images: ids.map((id, order) => ({ ...byId(id)!, order })) };
      return ok(set);
    },
    ...perBanner,
    ...routes,
  });
  let added = 0;
  const uploads = mockUploads({
    'POST /banners/upload': (call) => {
      added += 1;
      const made = banner(10 + added, {
        alt: String(call.fields.alt?.[0] ?? ''),
        link: String(call.fields.link?.[0] ?? ''),
        order: Number(call.fields.order?.[0]),
      });
      set = { ...set, images: [...set.images, made] };
      return created(made);
    },
    'POST /banners/upload-multiple': (call) => {
      const made = (call.fields.banners ?? []).map((_file, index) =>
        banner(20 + index, { alt: '', order: set.images.length + index }),
      );
      set = { ...set, images: [...set.images, ...made] };
      return created(made);
    },
    ...uploadRoutes,
  });
  const app = renderApp('/dashboard/shop/banners', { user: TEST_USER });
  return { ...app, api, uploads };
}

const list = () => screen.getByRole('list', { name: 'Your banners' });
/** The banners shown, by their pictures' text, in order. */
const shownOrder = () =>
  within(list())
    .getAllByRole('img')
    .map((image) => image.getAttribute('alt'));
const item = (position: number) => within(list()).getAllByRole('listitem')[position - 1]!;
const dropOf = (files: File[]) => ({
  dataTransfer: {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  },
});
const newBanner = () => within(screen.getByRole('form', { name: 'New banners' }));
const dropArea = () => screen.getByLabelText('Banner files').parentElement!;

beforeEach(() => {
  mockImageLoading();
});

describe('the banners page', () => {
  it('is labelled Beta, explains the 3:1 shape and lists the banners in order', async () => {
    openBanners();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Shop banners' });
    expect(heading.nextElementSibling).toHaveTextContent('Beta');
    expect(await screen.findByRole('list', { name: 'Your banners' })).toBeInTheDocument();
    expect(screen.getByText(/1500×500 pixels works well/)).toBeInTheDocument();
    expect(shownOrder()).toEqual(['Sale 1', 'Sale 2', 'Sale 3']);
    expect(within(item(2)).getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show banners on my shop' })).toBeChecked();
  });

  it.each([
    ['no answer', networkDown, 'Failed to fetch banners'],
    ['a 500 without words', { status: 500, body: { success: false } }, 'Failed to fetch banners'],
    ['a refusal with words', fail(403, 'Only the owner can see these banners'), 'Only the owner'],
  ])('says why it cannot show them after %s, and tries again', async (_case, reply, message) => {
    let failing = true;
    const { user } = openBanners(THREE, {
      'GET /banners/shop': () => (failing ? reply : ok(THREE)),
    });
    expect(await screen.findByText(new RegExp(message))).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your banners' })).toBeInTheDocument();
  });

  it('says there are none yet', async () => {
    openBanners({ enabled: false, images: [] });
    expect(await screen.findByText(/No banners yet/)).toBeInTheDocument();
  });
});

describe('uploading banners', () => {
  it('sends one banner with its alt text, link and place, showing the percentage', async () => {
    const answer = deferred<UploadReply>();
    const made = banner(11, { alt: 'Diwali sale', link: '/asha-crafts/k3x9', order: 3 });
    const { user, uploads } = openBanners(
      THREE,
      {},
      { 'POST /banners/upload': () => answer.promise },
    );
    await screen.findByRole('list', { name: 'Your banners' });
    const sale = imageFile('diwali.jpg', 'image/jpeg', { width: 1500, height: 500 });
    await user.upload(screen.getByLabelText('Banner files'), sale);
    await user.type(newBanner().getByLabelText('Alt text'), 'Diwali sale');
    await user.type(newBanner().getByLabelText('Link (optional)'), '/asha-crafts/k3x9');
    await user.click(screen.getByRole('button', { name: 'Upload banner' }));

    await vi.waitFor(() => expect(uploads.calls).toHaveLength(1));
    const [call] = uploads.calls;
    expect(call?.path).toBe('/banners/upload');
    expect(call?.timeout).toBe(30_000);
    expect(call?.authorization).toBe('Bearer test-access-token');
    expect(call?.fields).toEqual({
      banner: [sale],
      alt: ['Diwali sale'],
      link: ['/asha-crafts/k3x9'],
      order: ['3'],
    });
    act(() => call?.progress(60));
    expect(screen.getByRole('progressbar', { name: 'Banner upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByText('Uploading… 60%')).toBeInTheDocument();

    answer.resolve(created(made));
    expect(await screen.findByText('Banner uploaded')).toBeInTheDocument();
  });

  it('shows the new banner in the list once uploaded', async () => {
    const { user } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    await user.upload(screen.getByLabelText('Banner files'), imageFile('new.png', 'image/png'));
    await user.type(newBanner().getByLabelText('Alt text'), 'New arrivals');
    await user.click(screen.getByRole('button', { name: 'Upload banner' }));
    await vi.waitFor(() =>
      expect(shownOrder()).toEqual(['Sale 1', 'Sale 2', 'Sale 3', 'New arrivals']),
    );
    // The form is ready for the next one.
    expect(newBanner().queryByLabelText('Alt text')).not.toBeInTheDocument();
  });

  it('says when a chosen image is not banner-shaped', async () => {
    const { user } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    await user.upload(
      screen.getByLabelText('Banner files'),
      imageFile('square.png', 'image/png', { width: 1000, height: 1000 }),
    );
    expect(
      await screen.findByText(/This image is 1000×1000. Banners show at 3:1/),
    ).toBeInTheDocument();
  });

  it('checks the link before sending anything', async () => {
    const { user, uploads } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    await user.upload(screen.getByLabelText('Banner files'), imageFile('a.png', 'image/png'));
    await user.type(screen.getByLabelText('Link (optional)'), 'asha-crafts.example');
    await user.click(screen.getByRole('button', { name: 'Upload banner' }));
    expect(screen.getByLabelText('Link (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Link must be a valid URL (starting with http://, https:// or /)'),
    );
    await user.clear(screen.getByLabelText('Link (optional)'));
    await user.type(screen.getByLabelText('Link (optional)'), 'https://');
    await user.click(screen.getByRole('button', { name: 'Upload banner' }));
    expect(screen.getByLabelText('Link (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Invalid URL format'),
    );
    expect(uploads.calls).toHaveLength(0);
  });

  it('refuses a GIF and a file over 5 MB in the banner checks’ words', async () => {
    const { uploads } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    fireEvent.drop(dropArea(), dropOf([imageFile('party.gif', 'image/gif')]));
    expect(
      await screen.findByText('Invalid file type. Only JPEG, PNG, and WebP images are allowed'),
    ).toBeInTheDocument();

    const huge = imageFile('huge.jpg', 'image/jpeg');
    Object.defineProperty(huge, 'size', { value: 6_000_000 });
    fireEvent.drop(dropArea(), dropOf([huge]));
    expect(await screen.findByText('File size exceeds 5MB limit')).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
  });

  it('takes no more once the shop has 10', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => banner(index + 1));
    openBanners({ enabled: true, images: ten });
    await screen.findByRole('list', { name: 'Your banners' });
    expect(
      screen.getByText('A shop can have at most 10 banners. Delete one to add another.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose banners' })).toBeDisabled();
  });

  it('sends only the first 3 of several files together', async () => {
    const { uploads } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    const files = [1, 2, 3, 4].map((n) => imageFile(`${n}.png`, 'image/png'));
    fireEvent.drop(dropArea(), dropOf(files));
    expect(
      await screen.findByText('Only the first 3 files are uploaded at once.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload 3 banners' }));
    expect(await screen.findByText('3 banners uploaded')).toBeInTheDocument();
    const [call] = uploads.calls;
    expect(call?.path).toBe('/banners/upload-multiple');
    expect(call?.timeout).toBe(60_000);
    expect(call?.fields.banners).toEqual(files.slice(0, 3));
    await vi.waitFor(() => expect(shownOrder()).toHaveLength(6));
  });

  it.each([
    [
      'one',
      refused(400, 'Image is too small for a banner', 'DIMENSIONS_TOO_SMALL'),
      'Image is too small for a banner',
    ],
    ['one', { status: 500, body: { success: false } }, 'Failed to upload banner'],
    ['several', { status: 502, body: 'Bad gateway' }, 'Failed to upload banners'],
  ])('says why %s could not be uploaded: %j', async (count, reply, message) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const route = count === 'one' ? 'POST /banners/upload' : 'POST /banners/upload-multiple';
    openBanners(THREE, {}, { [route]: reply as UploadReply });
    await vi.waitFor(() => screen.getByRole('list', { name: 'Your banners' }));
    const files =
      count === 'one'
        ? [imageFile('a.png', 'image/png')]
        : [imageFile('a.png', 'image/png'), imageFile('b.png', 'image/png')];
    fireEvent.drop(dropArea(), dropOf(files));
    const upload = await vi.waitFor(() =>
      screen.getByRole('button', { name: /^Upload (banner|2 banners)$/ }),
    );
    fireEvent.click(upload);
    // A 502 is tried again 3 times first (SPEC section 7).
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    vi.useRealTimers();
  });
});

describe('editing a banner', () => {
  it('saves only what changed', async () => {
    const { user, api } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    const second = within(item(2));
    await user.clear(second.getByLabelText('Alt text'));
    await user.type(second.getByLabelText('Alt text'), 'Wedding season');
    await user.type(second.getByLabelText('Link'), 'https://example.com/wedding');
    await user.click(second.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Banner saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /banners/b2')[0]?.body).toEqual({
      alt: 'Wedding season',
      link: 'https://example.com/wedding',
    });
    await vi.waitFor(() => expect(shownOrder()).toEqual(['Sale 1', 'Wedding season', 'Sale 3']));
  });

  it('checks the link and order first', async () => {
    const { user, api } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    const first = within(item(1));
    await user.type(first.getByLabelText('Link'), 'ftp://files.example.com');
    await user.clear(first.getByLabelText('Order'));
    await user.type(first.getByLabelText('Order'), '-1');
    await user.click(first.getByRole('button', { name: 'Save' }));
    expect(first.getByLabelText('Link')).toHaveAccessibleDescription(
      'Link must be a valid URL (starting with http://, https:// or /)',
    );
    expect(first.getByLabelText('Order')).toHaveAccessibleDescription(
      'Order must be a non-negative integer',
    );
    expect(api.callsTo('PUT /banners/b1')).toHaveLength(0);

    await user.clear(first.getByLabelText('Link'));
    await user.clear(first.getByLabelText('Order'));
    await user.type(first.getByLabelText('Order'), '2');
    await user.click(first.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.callsTo('PUT /banners/b1')[0]?.body).toEqual({ order: 2 }));
  });

  it.each([
    [fail(404, 'Banner not found', 'NOT_FOUND'), 'Banner not found'],
    [networkDown, 'Failed to update banner'],
  ])('says why it was not saved: %j', async (reply, message) => {
    const { user } = openBanners(THREE, { 'PUT /banners/b1': reply });
    await screen.findByRole('list', { name: 'Your banners' });
    const first = within(item(1));
    await user.type(first.getByLabelText('Alt text'), '!');
    await user.click(first.getByRole('button', { name: 'Save' }));
    expect(await first.findByRole('alert')).toHaveTextContent(message);
  });

  it('is deleted after confirmation', async () => {
    const { user, api } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    await user.click(within(item(2)).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this banner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /banners/b2')).toHaveLength(0);

    await user.click(within(item(2)).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete banner' }),
    );
    expect(await screen.findByText('Banner deleted')).toBeInTheDocument();
    await vi.waitFor(() => expect(shownOrder()).toEqual(['Sale 1', 'Sale 3']));
    expect(api.callsTo('DELETE /banners/b2')).toHaveLength(1);
  });

  it("says 'Failed to delete banner' when it could not be", async () => {
    const { user } = openBanners(THREE, { 'DELETE /banners/b2': networkDown });
    await screen.findByRole('list', { name: 'Your banners' });
    await user.click(within(item(2)).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete banner' }),
    );
    expect(await within(item(2)).findByRole('alert')).toHaveTextContent('Failed to delete banner');
    expect(shownOrder()).toEqual(['Sale 1', 'Sale 2', 'Sale 3']);
  });
});

describe('showing or hiding the banners', () => {
  it('switches them all off and on', async () => {
    const { user, api } = openBanners();
    const toggle = await screen.findByRole('switch', { name: 'Show banners on my shop' });
    await user.click(toggle);
    expect(await screen.findByText('Banners are hidden from your shop')).toBeInTheDocument();
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(api.callsTo('POST /banners/toggle').map((c) => c.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);
  });

  it("says 'Failed to toggle banners' when it could not", async () => {
    const { user } = openBanners(THREE, { 'POST /banners/toggle': networkDown });
    await user.click(await screen.findByRole('switch', { name: 'Show banners on my shop' }));
    expect(await screen.findByText('Failed to toggle banners')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show banners on my shop' })).toBeChecked();
  });
});

describe('putting banners in order', () => {
  it('moves one with the arrow keys on its handle, keeping the focus on it', async () => {
    const { user, api } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    const handle = screen.getByRole('button', { name: 'Move banner 1' });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(shownOrder()).toEqual(['Sale 2', 'Sale 1', 'Sale 3']));
    expect(api.callsTo('POST /banners/reorder')[0]?.body).toEqual({
      bannerIds: ['b2', 'b1', 'b3'],
    });
    expect(screen.getByRole('button', { name: 'Move banner 2' })).toHaveFocus();

    await user.keyboard('{End}');
    await vi.waitFor(() => expect(shownOrder()).toEqual(['Sale 2', 'Sale 3', 'Sale 1']));
    expect(screen.getByRole('button', { name: 'Move banner 3' })).toHaveFocus();
  });

  it('moves one with its up and down buttons', async () => {
    const { user, api } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    expect(screen.getByRole('button', { name: 'Move banner 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move banner 3 up' }));
    await vi.waitFor(() => expect(shownOrder()).toEqual(['Sale 1', 'Sale 3', 'Sale 2']));
    expect(api.callsTo('POST /banners/reorder')[0]?.body).toEqual({
      bannerIds: ['b1', 'b3', 'b2'],
    });
    expect(await screen.findByText('Banner order saved')).toBeInTheDocument();
  });

  it('moves one dragged by its handle onto another', async () => {
    const { api } = openBanners();
    await screen.findByRole('list', { name: 'Your banners' });
    const transfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByRole('button', { name: 'Move banner 1' }), {
      dataTransfer: transfer,
    });
    fireEvent.dragOver(item(3), { dataTransfer: transfer });
    expect(item(3)).toHaveAttribute('data-drop-target', 'true');
    fireEvent.drop(item(3), { dataTransfer: transfer });
    await vi.waitFor(() => expect(shownOrder()).toEqual(['Sale 2', 'Sale 3', 'Sale 1']));
    expect(api.callsTo('POST /banners/reorder')[0]?.body).toEqual({
      bannerIds: ['b2', 'b3', 'b1'],
    });
  });

  it.each([
    [
      { status: 400, body: { success: false, error: 'Invalid banner IDs', invalidIds: ['b9'] } },
      'Invalid banner IDs: b9',
    ],
    [
      { status: 400, body: { success: false, error: 'Mismatch', expected: 4, provided: 3 } },
      'Reorder must include all banners. Expected 4, got 3',
    ],
    [networkDown, 'Failed to reorder banners'],
  ])('puts the old order back and says why when refused: %j', async (reply, message) => {
    const { user } = openBanners(THREE, { 'POST /banners/reorder': reply });
    await screen.findByRole('list', { name: 'Your banners' });
    await user.click(screen.getByRole('button', { name: 'Move banner 1 down' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(shownOrder()).toEqual(['Sale 1', 'Sale 2', 'Sale 3']);
  });
});
