import type { Ref } from 'react';
import { useDropzone } from 'react-dropzone';
import { IMAGE_LIMITS } from '@kartlink/contracts';
import {
  dropRejectionMessage,
  IMAGE_ACCEPT,
  type MinDimensions,
} from '../../lib/media/image-checks';
import type { PhotoUploader, UploadedPhoto } from '../../lib/media/media-api';
import { UploadStatus } from './UploadStatus';
import { fileOf, useImageUpload } from './use-image-upload';
import { useObjectUrl } from './use-object-url';
import './media.css';

interface ImageUploadFieldProps {
  /** The file input's name for assistive technology, e.g. 'Photo file'. */
  inputLabel: string;
  upload: PhotoUploader;
  /** The image in use now, shown until another one is chosen. */
  currentUrl?: string | null;
  currentAlt?: string;
  onUploaded: (photo: UploadedPhoto) => void;
  /** Takes the image away: the one just uploaded (given) or the one in use (null). */
  onRemove?: (photo: UploadedPhoto | null) => void;
  minDimensions?: MinDimensions;
  shape?: 'round' | 'square';
  hint?: string;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * One image, chosen or dropped (SPEC sections 2, 4 and 5): checked on this device, previewed,
 * uploaded with its percentage, then 'Image uploaded successfully'. It can be removed or
 * changed; a network failure offers Retry Upload, at most twice.
 */
export function ImageUploadField({
  inputLabel,
  upload,
  currentUrl,
  currentAlt = 'Current photo',
  onUploaded,
  onRemove,
  minDimensions,
  shape = 'round',
  hint = 'JPG, PNG, GIF or WebP, up to 5 MB.',
  disabled = false,
  buttonRef,
}: ImageUploadFieldProps) {
  const { state, choose, retry, reset, refuse } = useImageUpload(upload, {
    minDimensions,
    onUploaded,
  });
  const file = fileOf(state);
  const filePreview = useObjectUrl(file);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: IMAGE_ACCEPT,
    maxSize: IMAGE_LIMITS.maxBytes,
    multiple: false,
    maxFiles: 1,
    noClick: true,
    noKeyboard: true,
    disabled,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) {
        refuse(dropRejectionMessage(rejected[0]));
        return;
      }
      const chosen = accepted[0];
      if (chosen) void choose(chosen);
    },
  });

  const current = currentUrl?.trim() || null;
  const busy = state.phase === 'checking' || state.phase === 'uploading';
  const shown = filePreview ?? (busy ? null : current);
  const canRemove = file !== null || current !== null;

  // A file chosen but not uploaded is only dropped; an uploaded or saved image is removed.
  const remove = () => {
    const photo = state.phase === 'uploaded' ? state.photo : null;
    const dropsChoiceOnly = file !== null && photo === null;
    reset();
    if (!dropsChoiceOnly && (photo || current)) onRemove?.(photo);
  };

  return (
    <div className={`image-upload image-upload--${shape}`}>
      <div
        {...getRootProps({
          className: isDragActive ? 'image-drop image-drop--active' : 'image-drop',
        })}
      >
        <input {...getInputProps({ 'aria-label': inputLabel })} />
        {shown ? (
          <img
            className="image-drop__preview"
            src={shown}
            alt={filePreview ? 'Chosen photo preview' : currentAlt}
          />
        ) : (
          <span className="image-drop__placeholder" aria-hidden="true">
            +
          </span>
        )}
        <div className="image-drop__text">
          {file ? (
            <strong className="image-drop__name">{file.name}</strong>
          ) : (
            <strong>{isDragActive ? 'Drop the photo here' : 'Drag and drop a photo here'}</strong>
          )}
          <span>{hint}</span>
          <span className="image-drop__actions">
            <button
              ref={buttonRef}
              type="button"
              className="button button--secondary button--small"
              onClick={open}
              disabled={disabled}
            >
              {file || current ? 'Change photo' : 'Choose a photo'}
            </button>
            {canRemove && onRemove && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={remove}
                disabled={disabled}
              >
                Remove photo
              </button>
            )}
          </span>
        </div>
      </div>
      <UploadStatus state={state} onRetry={retry} />
    </div>
  );
}
