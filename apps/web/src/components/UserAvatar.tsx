import type { AuthUser } from '@kartlink/contracts';
import { useState } from 'react';
import './UserAvatar.css';

interface UserAvatarProps {
  user: Pick<AuthUser, 'displayName' | 'email' | 'photoURL'>;
  size?: 'small' | 'large';
}

/** The person's profile photo, or the first letter of their name when there is none (or it fails). */
export function UserAvatar({ user, size = 'small' }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const photo = user.photoURL && user.photoURL !== failed ? user.photoURL : null;
  const className = `user-avatar user-avatar--${size}`;
  if (photo) {
    return (
      <img
        className={className}
        src={photo}
        alt=""
        decoding="async"
        onError={() => setFailed(photo)}
      />
    );
  }
  const initial = (user.displayName?.trim() || user.email).charAt(0).toUpperCase();
  return (
    <span className={`${className} user-avatar--initial`} aria-hidden="true">
      {initial}
    </span>
  );
}
