import type { StoreLink } from '@kartlink/contracts';
import { useId, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from '../../../components/icons';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useModal } from '../../../hooks/use-modal';
import { storeGoPath, storeOptions } from '../utils/product';
import { rememberedStore, rememberStore } from '../utils/remembered-store';
import { BagIcon, ChevronRightIcon } from './icons';
import { StoreBadge } from './StoreBadge';
import './StoreOptionsSheet.css';

interface StoreOptionsSheetProps {
  stores: readonly StoreLink[];
  shopUrl: string;
  shortCode: string;
  /** The product answer's tap proof, added to every link (`?t=`); none: plain `/go` links. */
  tapToken?: string | null;
  /** The product's `defaultStore`, shown first. */
  pinned?: string | null;
  /** Shown at the top of the sheet, above the stores (the in-app browser's way out). */
  notice?: ReactNode;
  onClose: () => void;
  /** Where focus goes on close, as the sheet was open before anything had focus. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * SPEC section 2: the bottom sheet 'Choose Favourite App' with one 'Buy on {vendor}' entry per
 * store, WhatsApp last, or 'No Shopping Options Available'.
 *
 * Each entry is a plain link to the store's tracked redirect (`/{shopUrl}/{shortCode}/go/{store}`),
 * which counts the click on the server and sends the visitor on: long-press, copy, a middle click
 * and the keyboard work as on any link, and nothing else reports the choice, so that it is counted
 * once. The store the visitor chose last comes up front, from the takeover on (the HTML the server
 * rendered knows nothing of this browser).
 */
export function StoreOptionsSheet({
  stores,
  shopUrl,
  shortCode,
  tapToken,
  pinned,
  notice,
  onClose,
  returnFocusTo,
}: StoreOptionsSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onKeyDown = useModal(sheet, onClose, { returnFocusTo });
  const hydrated = useHydrated();
  // Read when the sheet opens, not on every render: a choice opened in a new tab does not
  // shuffle the list under the visitor's finger.
  const remembered = useMemo(() => (hydrated ? rememberedStore() : null), [hydrated]);
  const options = storeOptions(stores, { pinned, remembered });

  return (
    <div className="sheet-layer">
      <div className="sheet-layer__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={sheet}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <span className="sheet__handle" aria-hidden="true" />
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            Choose Favourite App
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        {notice}
        {options.length > 0 ? (
          <ul className="sheet__options">
            {options.map((option) => (
              // Keyed by the store, so that the takeover's reordering moves the same links.
              <li key={option.goKey}>
                <a
                  href={storeGoPath(shopUrl, shortCode, option, tapToken)}
                  className="sheet__option"
                  // Crawlers have no business following a click counter.
                  rel="nofollow"
                  onClick={() => rememberStore(option.key)}
                >
                  <StoreBadge storeKey={option.key} />
                  <span className="sheet__option-label">{option.label}</span>
                  <ChevronRightIcon className="sheet__option-arrow" />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <div className="sheet__empty">
            <BagIcon width={28} height={28} />
            <p className="sheet__empty-title">No Shopping Options Available</p>
            <p className="sheet__empty-text">This product has no store links yet.</p>
          </div>
        )}
      </div>
    </div>
  );
}
