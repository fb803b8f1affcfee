import { useRef, type Ref } from 'react';
import { ImageUploadField } from '../../../components/media/ImageUploadField';
import { useDeletePhotoMutation, usePhotoUploaders } from '../../../lib/media/media-api';

interface ProfilePhotoStepProps {
  /** The uploaded photo's address, saved as shopPhotoURL when the setup completes. */
  photoUrl: string;
  onPhotoUrlChange: (url: string) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * Step 3 (SPEC section 2): the shop's logo or photo, chosen or dropped, checked, previewed and
 * uploaded (POST /photos/shop, resized by the server to 800×800). The photo is required.
 */
export function ProfilePhotoStep({ photoUrl, onPhotoUrlChange, buttonRef }: ProfilePhotoStepProps) {
  const { shopPhoto } = usePhotoUploaders();
  const [deletePhoto] = useDeletePhotoMutation();
  // The photo uploaded here last: nothing is saved before the setup completes, so one that is
  // replaced or removed is deleted rather than left unused.
  const uploaded = useRef<string | null>(null);
  const discardUploaded = () => {
    if (uploaded.current) void deletePhoto(uploaded.current);
    uploaded.current = null;
  };

  return (
    <div className="setup-step">
      <ImageUploadField
        inputLabel="Photo file"
        upload={shopPhoto}
        currentUrl={photoUrl}
        currentAlt="Your shop photo"
        buttonRef={buttonRef}
        hint="JPG, PNG, GIF or WebP, up to 5 MB. Square images look best."
        onUploaded={(photo) => {
          discardUploaded();
          uploaded.current = photo.id;
          onPhotoUrlChange(photo.url);
        }}
        onRemove={() => {
          discardUploaded();
          onPhotoUrlChange('');
        }}
      />
    </div>
  );
}
