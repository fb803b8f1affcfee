import { useEffect, useState, type Ref } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { TextField } from '../../../components/form/TextField';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_RULES,
  ImageFileMessages,
  imageFileProblem,
} from '../utils/image-file';
import { isHttpAddress, WizardMessages } from '../utils/wizard';

interface ProfilePhotoStepProps {
  /** The photo address that will be saved as shopPhotoURL. */
  photoUrl: string;
  onPhotoUrlChange: (url: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** SPEC section 5: the file-drop's own wording, with the size in bytes. */
function rejectionMessage(rejection: FileRejection): string {
  const error = rejection.errors[0];
  switch (error?.code) {
    case ErrorCode.FileTooLarge:
      return `File is larger than ${IMAGE_RULES.maxBytes} bytes`;
    case ErrorCode.TooManyFiles:
      return 'Too many files';
    default:
      return error?.message ?? ImageFileMessages.NOT_IMAGE;
  }
}

/** A preview address for a chosen file, released when the file changes or leaves. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * Step 3: the shop's logo or photo. A file can be chosen or dropped, checked and previewed;
 * uploading it needs the image service, which comes with a later release. Until then the
 * photo is an image address pasted into the field below, which is what gets saved.
 */
export function ProfilePhotoStep({ photoUrl, onPhotoUrlChange, inputRef }: ProfilePhotoStepProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const filePreview = useObjectUrl(file);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPTED_IMAGE_TYPES,
    maxSize: IMAGE_RULES.maxBytes,
    multiple: false,
    maxFiles: 1,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) {
        setFileError(rejectionMessage(rejected[0]!));
        return;
      }
      const chosen = accepted[0] ?? null;
      const problem = imageFileProblem(chosen);
      if (problem) {
        setFileError(ImageFileMessages[problem]);
        return;
      }
      setFileError(null);
      setFile(chosen);
    },
  });

  const address = photoUrl.trim();
  const addressError =
    address && !isHttpAddress(address)
      ? WizardMessages.photoAddressInvalid
      : address && brokenUrl === address
        ? WizardMessages.photoDidNotLoad
        : undefined;
  const showAddressPreview = Boolean(address) && !addressError;

  return (
    <div className="setup-step">
      <div
        {...getRootProps({
          className: isDragActive ? 'photo-drop photo-drop--active' : 'photo-drop',
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Photo file' })} />
        {filePreview ? (
          <img className="photo-drop__preview" src={filePreview} alt="Chosen photo preview" />
        ) : (
          <span className="photo-drop__placeholder" aria-hidden="true">
            +
          </span>
        )}
        <div className="photo-drop__text">
          {file ? (
            <>
              <strong className="photo-drop__name">{file.name}</strong>
              <span>
                Uploading photos from your device comes with our next update. To finish now, paste
                the address of this image (or another one) below.
              </span>
            </>
          ) : (
            <>
              <strong>{isDragActive ? 'Drop the photo here' : 'Drag and drop a photo here'}</strong>
              <span>
                JPG, PNG, GIF or WebP, up to 5 MB. Uploading arrives with our next update: for now,
                paste an image address below.
              </span>
            </>
          )}
          <span className="photo-drop__actions">
            <button type="button" className="button button--secondary button--small" onClick={open}>
              {file ? 'Change photo' : 'Choose a photo'}
            </button>
            {file && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setFile(null)}
              >
                Remove photo
              </button>
            )}
          </span>
        </div>
      </div>
      {fileError && (
        <p className="field-error" role="alert">
          {fileError}
        </p>
      )}

      <TextField
        label="Paste an image address"
        name="shopPhotoURL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/your-logo.png"
        value={photoUrl}
        onValueChange={onPhotoUrlChange}
        error={addressError}
        inputRef={inputRef}
        hint="The address of your logo or photo that is already online (right-click the image and copy its address)."
      />
      {showAddressPreview && (
        <div className="photo-current">
          <img
            className="photo-current__image"
            src={address}
            alt="Your shop photo"
            onError={() => setBrokenUrl(address)}
            onLoad={() => setBrokenUrl((current) => (current === address ? null : current))}
          />
          <div className="photo-current__text">
            <strong>Your shop photo</strong>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onPhotoUrlChange('')}
            >
              Remove
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
