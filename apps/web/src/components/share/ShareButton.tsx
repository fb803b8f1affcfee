import { lazy, Suspense, useRef, useState } from 'react';
import { ShareIcon } from '../icons';
import type { Shareable } from './share-target';

// The panel, its QR code and its preview load when first opened, not with every page.
const ShareDialog = lazy(async () => ({ default: (await import('./SharePanel')).ShareDialog }));

interface ShareButtonProps {
  /** Null while there is nothing to share yet (no shop URL): no button. */
  shareable: Shareable | null;
  /** The button's accessible name when "Share" is not enough (rows of links). */
  label?: string;
  className?: string;
}

/** Opens the share panel of a shop or a product: a dialog, a sheet from the bottom on phones. */
export function ShareButton({
  shareable,
  label,
  className = 'button button--secondary button--small',
}: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!shareable) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ShareIcon width={16} height={16} />
        Share
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog
            shareable={shareable}
            onClose={() => setOpen(false)}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}
