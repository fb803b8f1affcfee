import { IMAGE_LIMITS } from '@kartlink/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { moveItem, useDragReorder } from '../../hooks/use-drag-reorder';
import { dropRejectionMessage, IMAGE_ACCEPT } from '../../lib/media/image-checks';
import { thumbnailOf } from '@kartlink/contracts';
import {
  useDeletePhotoMutation,
  type PhotoUploader,
  type UploadedPhoto,
} from '../../lib/media/media-api';
import { Field } from '../form/Field';
import { CloseIcon } from '../icons';
import { UploadStatus } from './UploadStatus';
import { useImageUpload } from './use-image-upload';
import { useObjectUrl } from './use-object-url';
import '../form/form.css';
import './media.css';

type ImageListUpdate = (images: string[]) => string[];

interface ImageListFieldProps {
  /** The image addresses in order; the first is the cover. */
  images: readonly string[];
  onChange: (update: ImageListUpdate) => void;
  upload: PhotoUploader;
  /** What the pictures show, for their text alternatives. */
  subject: string;
  max?: number;
  /** Told whether uploads are still under way, so that a form can wait for them. */
  onBusyChange?: (busy: boolean) => void;
  error?: string;
}

interface Pending {
  key: number;
  file: File;
}

const ImageListMessages = {
  full: (max: number) => `You can add up to ${max} pictures.`,
  leftOut: (count: number, max: number) =>
    `${count === 1 ? '1 file was' : `${count} files were`} left out: at most ${max} pictures.`,
  addressInvalid: 'Image address must start with http:// or https://',
  addressTwice: 'This picture is already in the list.',
} as const;

const isHttpAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * A product's pictures (several, the first is the cover): files chosen or dropped are checked
 * and uploaded each with its own progress; pictures can be put in order by dragging, by the
 * arrow keys on their handle or by their buttons, and removed.
 */
export function ImageListField({
  images,
  onChange,
  upload,
  subject,
  max = 10,
  onBusyChange,
  error,
}: ImageListFieldProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const nextKey = useRef(0);
  // Pictures uploaded here, so that one removed again is deleted rather than left behind.
  const uploadedIds = useRef(new Map<string, string>());
  const [deletePhoto] = useDeletePhotoMutation();
  const addressId = useId();
  const room = Math.max(0, max - images.length - pending.length);

  const busy = pending.length > 0;
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: IMAGE_LIMITS.maxBytes,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: room === 0,
    onDrop: (accepted, rejected) => {
      const taken = accepted.slice(0, room);
      const problems = rejected.map(
        (rejection) => `${rejection.file.name}: ${dropRejectionMessage(rejection)}`,
      );
      if (accepted.length > taken.length) {
        problems.push(ImageListMessages.leftOut(accepted.length - taken.length, max));
      }
      setNotice(problems.length > 0 ? problems.join(' ') : null);
      const added = taken.map((file) => ({ key: (nextKey.current += 1), file }));
      setPending((list) => [...list, ...added]);
    },
  });

  const finish = (key: number, photo: UploadedPhoto) => {
    if (photo.id) uploadedIds.current.set(photo.url, photo.id);
    setPending((list) => list.filter((item) => item.key !== key));
    onChange((list) => (list.includes(photo.url) ? list : [...list, photo.url]));
  };

  const dismiss = (key: number) => setPending((list) => list.filter((item) => item.key !== key));

  const move = (from: number, to: number) => onChange((list) => moveItem(list, from, to));
  const { itemProps, handleProps, moveKeepingFocus } = useDragReorder(images, move);

  const remove = (url: string) => {
    onChange((list) => list.filter((item) => item !== url));
    const id = uploadedIds.current.get(url);
    if (id) {
      uploadedIds.current.delete(url);
      // Nothing refers to it any more; if the delete fails it is only left unused.
      void deletePhoto(id);
    }
  };

  const addAddress = () => {
    const value = address.trim();
    if (!isHttpAddress(value)) return setAddressError(ImageListMessages.addressInvalid);
    if (images.includes(value)) return setAddressError(ImageListMessages.addressTwice);
    setAddressError(null);
    setAddress('');
    onChange((list) => [...list, value]);
  };

  const count = images.length;

  return (
    <div className="image-list">
      {count > 0 && (
        <ol className="image-list__items" aria-label="Pictures">
          {images.map((url, index) => (
            <li key={url} className="image-list__item" {...itemProps(index, true)}>
              <img
                className="image-list__image"
                src={thumbnailOf(url)}
                alt={`${subject || 'Product'}, picture ${index + 1} of ${count}`}
                draggable={false}
              />
              {index === 0 && <span className="image-list__cover">Cover</span>}
              <div className="image-list__tools">
                <button
                  type="button"
                  className="image-list__tool image-list__handle"
                  aria-label={`Move picture ${index + 1}`}
                  aria-describedby={`${addressId}-reorder`}
                  {...handleProps(index)}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
                <button
                  type="button"
                  className="image-list__tool"
                  aria-label={`Move picture ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={() => moveKeepingFocus(index, index - 1)}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  className="image-list__tool"
                  aria-label={`Move picture ${index + 1} later`}
                  disabled={index === count - 1}
                  onClick={() => moveKeepingFocus(index, index + 1)}
                >
                  <span aria-hidden="true">→</span>
                </button>
                <button
                  type="button"
                  className="image-list__tool image-list__tool--danger"
                  aria-label={`Remove picture ${index + 1}`}
                  onClick={() => remove(url)}
                >
                  <CloseIcon width={16} height={16} />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p id={`${addressId}-reorder`} className="field__hint">
        The first picture is the cover. Drag pictures to change their order, or use the arrow keys
        on a picture&rsquo;s handle.
      </p>

      {pending.length > 0 && (
        <ul className="image-list__pending" aria-label="Uploads">
          {pending.map((item) => (
            <PendingImage
              key={item.key}
              file={item.file}
              upload={upload}
              onDone={(photo) => finish(item.key, photo)}
              onDismiss={() => dismiss(item.key)}
            />
          ))}
        </ul>
      )}

      <div
        {...getRootProps({
          className: isDragActive ? 'image-drop image-drop--active' : 'image-drop',
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Picture files' })} />
        <span
          className="image-drop__placeholder image-drop__placeholder--square"
          aria-hidden="true"
        >
          +
        </span>
        <div className="image-drop__text">
          <strong>{isDragActive ? 'Drop the pictures here' : 'Drag and drop pictures here'}</strong>
          <span>
            {room === 0
              ? ImageListMessages.full(max)
              : `JPG, PNG, GIF or WebP, up to 5 MB each; ${room} more can be added.`}
          </span>
          <span className="image-drop__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={open}
              disabled={room === 0}
            >
              Add pictures
            </button>
          </span>
        </div>
      </div>
      {(notice || error) && (
        <p className="field-error" role="alert">
          {error ?? notice}
        </p>
      )}

      <Field
        label="Or add a picture by its address"
        error={addressError ?? undefined}
        className="image-list__address"
      >
        {(control) => (
          <div className="image-list__address-row">
            <input
              {...control}
              className="field__input"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/product.jpg"
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                setAddressError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addAddress();
                }
              }}
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={addAddress}
              disabled={room === 0 || !address.trim()}
            >
              Add
            </button>
          </div>
        )}
      </Field>
    </div>
  );
}

interface PendingImageProps {
  file: File;
  upload: PhotoUploader;
  onDone: (photo: UploadedPhoto) => void;
  onDismiss: () => void;
}

/** One file on its way: checked, then uploaded with its percentage; Retry Upload on failure. */
function PendingImage({ file, upload, onDone, onDismiss }: PendingImageProps) {
  const { state, choose, retry } = useImageUpload(upload, { onUploaded: onDone });
  const preview = useObjectUrl(file);
  useEffect(() => {
    void choose(file);
  }, [choose, file]);

  return (
    <li className="image-list__pending-item">
      {preview ? (
        <img className="image-list__pending-image" src={preview} alt="" />
      ) : (
        <span className="image-list__pending-image" aria-hidden="true" />
      )}
      <div className="image-list__pending-text">
        <strong className="image-drop__name">{file.name}</strong>
        <UploadStatus state={state} onRetry={retry} progressLabel={`Uploading ${file.name}`} />
      </div>
      {state.phase === 'failed' && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Dismiss ${file.name}`}
          onClick={onDismiss}
        >
          <CloseIcon width={16} height={16} />
        </button>
      )}
    </li>
  );
}
