import { bannerAltProblem, bannerLinkProblem, bannerIdsProblem } from '@kartlink/contracts';
import {
  BANNER_ALT_MAX,
  BannerMessages,
  type Banner,
  type BannerUpdateBody,
} from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { moveItem, useDragReorder } from '../../../hooks/use-drag-reorder';
import {
  bannerErrorMessage,
  BannerFailures,
  parseTypedOrder,
} from '../../../lib/media/banner-checks';
import {
  useDeleteBannerMutation,
  useReorderBannersMutation,
  useUpdateBannerMutation,
} from '../../../lib/media/banners-api';

const BannerListMessages = {
  saved: 'Banner saved',
  deleted: 'Banner deleted',
  nothingChanged: 'Nothing to save: this banner has not changed.',
  reordered: 'Banner order saved',
} as const;

/**
 * The shop's banners in the order visitors see them: each can be edited (alt text, link,
 * order), deleted after confirmation, and moved by dragging, by the arrow keys on its handle
 * or by its Move up and Move down buttons. A new order is shown at once and sent as a whole.
 */
export function BannerList({ banners }: { banners: readonly Banner[] }) {
  const [reorder, { isLoading: reordering }] = useReorderBannersMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const ids = banners.map((banner) => banner.id);

  const move = async (from: number, to: number) => {
    const bannerIds = moveItem(ids, from, to);
    const invalid = bannerIdsProblem(bannerIds);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    try {
      await reorder({ bannerIds }).unwrap();
      toast.success(BannerListMessages.reordered, { id: 'banner-order' });
    } catch (error) {
      setProblem(bannerErrorMessage(error, BannerFailures.reorder));
    }
  };

  const { itemProps, handleProps, moveKeepingFocus } = useDragReorder(ids, (from, to) => {
    void move(from, to);
  });

  if (banners.length === 0) {
    return (
      <p className="banner-list__empty">
        No banners yet. Upload one above: it shows at the top of your shop.
      </p>
    );
  }

  return (
    <div className="banner-list" aria-busy={reordering}>
      {problem && <FormAlert>{problem}</FormAlert>}
      <p id="banner-reorder-help" className="shop-form__hint">
        Visitors see them in this order. Drag a banner, or use the arrow keys on its handle, to move
        it.
      </p>
      <ol className="banner-list__items" aria-label="Your banners">
        {banners.map((banner, index) => {
          return (
            <li key={banner.id} className="banner-item" {...itemProps(index)}>
              <div className="banner-item__top">
                <button
                  type="button"
                  {...handleProps(index)}
                  className="banner-item__handle"
                  aria-label={`Move banner ${index + 1}`}
                  aria-describedby="banner-reorder-help"
                >
                  <span aria-hidden="true">⠿</span>
                </button>
                <span className="banner-item__position">
                  {index + 1} of {banners.length}
                </span>
                <div className="banner-item__moves">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Move banner ${index + 1} up`}
                    disabled={index === 0 || reordering}
                    onClick={() => moveKeepingFocus(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Move banner ${index + 1} down`}
                    disabled={index === banners.length - 1 || reordering}
                    onClick={() => moveKeepingFocus(index, index + 1)}
                  >
                    ↓
                  </button>
                </div>
              </div>
              <img
                className="banner-item__image"
                src={banner.url}
                alt={banner.alt || `Banner ${index + 1}`}
                draggable={false}
              />
              <BannerEditor banner={banner} position={index + 1} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

interface Draft {
  alt: string;
  link: string;
  order: string;
}

const draftOf = (banner: Banner): Draft => ({
  alt: banner.alt,
  link: banner.link,
  order: String(banner.order),
});

/** One banner's text, link and order (PUT /banners/{id}), and its deletion. */
function BannerEditor({ banner, position }: { banner: Banner; position: number }) {
  const [update, { isLoading: saving }] = useUpdateBannerMutation();
  const [remove, { isLoading: deleting }] = useDeleteBannerMutation();
  const [shown, setShown] = useState(banner);
  const [draft, setDraft] = useState(() => draftOf(banner));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The saved banner changed (saved here, or moved): the fields show it.
  if (shown !== banner) {
    setShown(banner);
    setDraft(draftOf(banner));
  }

  const set = (field: keyof Draft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const order = parseTypedOrder(draft.order);
    const found = {
      alt: bannerAltProblem(draft.alt),
      link: bannerLinkProblem(draft.link),
      order: typeof order === 'number' ? undefined : order.problem,
    };
    setErrors(found);
    if (found.alt || found.link || found.order || typeof order !== 'number') return;
    if (!banner.id.trim()) return setProblem(BannerMessages.invalidId);

    const body: BannerUpdateBody = {};
    if (draft.alt !== banner.alt) body.alt = draft.alt;
    if (draft.link.trim() !== banner.link) body.link = draft.link.trim();
    if (order !== banner.order) body.order = order;
    if (Object.keys(body).length === 0) return setProblem(BannerListMessages.nothingChanged);

    setProblem(null);
    try {
      await update({ id: banner.id, body }).unwrap();
      toast.success(BannerListMessages.saved);
    } catch (error) {
      setProblem(bannerErrorMessage(error, BannerFailures.update));
    }
  };

  const confirmDelete = async () => {
    if (!banner.id.trim()) return setProblem(BannerMessages.invalidId);
    try {
      await remove(banner.id).unwrap();
      toast.success(BannerListMessages.deleted);
    } catch (error) {
      setConfirming(false);
      setProblem(bannerErrorMessage(error, BannerFailures.delete));
    }
  };

  return (
    <form
      className="banner-item__form"
      onSubmit={save}
      noValidate
      aria-label={`Banner ${position}`}
    >
      <TextField
        label="Alt text"
        name="alt"
        value={draft.alt}
        onValueChange={(value) => set('alt', value)}
        maxLength={BANNER_ALT_MAX}
        error={errors.alt}
      />
      <div className="banner-item__row">
        <TextField
          label="Link"
          name="link"
          value={draft.link}
          onValueChange={(value) => set('link', value)}
          error={errors.link}
          autoComplete="off"
          spellCheck={false}
          placeholder="/your-shop/product or https://…"
        />
        <TextField
          label="Order"
          name="order"
          inputMode="numeric"
          className="banner-item__order"
          value={draft.order}
          onValueChange={(value) => set('order', value)}
          error={errors.order}
        />
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="banner-item__actions">
        <button
          type="button"
          className="button button--danger button--small"
          onClick={() => setConfirming(true)}
          disabled={deleting}
        >
          Delete
        </button>
        <button type="submit" className="button button--primary button--small" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete this banner?"
          confirmLabel="Delete banner"
          busy={deleting}
          busyLabel="Deleting…"
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
        >
          It disappears from your shop at once. This cannot be undone.
        </ConfirmDialog>
      )}
    </form>
  );
}
