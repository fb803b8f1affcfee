import { photoIdOf, type AuthUser } from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { ImageUploadField } from '../../../components/media/ImageUploadField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useDeletePhotoMutation, usePhotoUploaders } from '../../../lib/media/media-api';
import { useUpdateProfileMutation } from '../api/account-api';
import { useSession } from '../hooks/use-session';

const ProfilePhotoMessages = {
  saved: 'Your profile photo was saved.',
  removed: 'Your profile photo was removed.',
} as const;

/**
 * The profile photo (SPEC section 3, User profile): uploaded to POST /photos/profile, then saved
 * as photoURL with PUT /user/profile; shown here and in the dashboard's top bar. Changing or
 * removing it deletes the old file.
 */
export function ProfilePhotoForm({ user }: { user: AuthUser }) {
  const session = useSession();
  const { profilePhoto } = usePhotoUploaders();
  const [updateProfile] = useUpdateProfileMutation();
  const [deletePhoto] = useDeletePhotoMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (photoURL: string | null, success: string): Promise<boolean> => {
    setProblem(null);
    const previous = user.photoURL;
    try {
      session.updateUser(await updateProfile({ photoURL }).unwrap());
      toast.success(success);
      // The photo it replaces was uploaded here for this profile alone: its file goes too.
      const previousId = previous && previous !== photoURL ? photoIdOf(previous) : undefined;
      if (previousId) void deletePhoto(previousId);
      return true;
    } catch (error) {
      setProblem(userFacingMessage(httpStatusOf(error), serverMessageOf(error)));
      return false;
    }
  };

  return (
    <div className="account-photo">
      <ImageUploadField
        inputLabel="Profile photo file"
        upload={profilePhoto}
        currentUrl={user.photoURL}
        currentAlt="Your profile photo"
        onUploaded={async (photo) => {
          const saved = await save(photo.url, ProfilePhotoMessages.saved);
          // A photo the profile could not take is of no use to anyone.
          if (!saved && photo.id) void deletePhoto(photo.id);
        }}
        onRemove={() => void save(null, ProfilePhotoMessages.removed)}
      />
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}
