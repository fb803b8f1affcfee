import type { StoreLink } from '@kartlink/contracts';
import { useId, useRef, type MouseEvent, type RefObject } from 'react';
import { CloseIcon } from '../../../components/icons';
import { useModal } from '../../../hooks/use-modal';
import { goToStore } from '../utils/go-to-store';
import { storeOptions, type StoreOption } from '../utils/product';
import { BagIcon, ChevronRightIcon } from './icons';
import { StoreBadge } from './StoreBadge';
import './StoreOptionsSheet.css';

interface StoreOptionsSheetProps {
  stores: readonly StoreLink[];
  /** The visitor chose a store; called just before the browser leaves for it. */
  onChoose: (store: StoreOption) => void;
  onClose: () => void;
  /** Where focus goes on close, as the sheet was open before anything had focus. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

// A click with a modifier (new tab, new window) is left to the browser; it is still counted.
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * SPEC section 2: the bottom sheet 'Choose Favourite App' with one 'Buy on {vendor}' entry per
 * store, WhatsApp last, or 'No Shopping Options Available'. Choosing one reports it, then
 * leaves for the store in this tab (SPEC section 7).
 */
export function StoreOptionsSheet({
  stores,
  onChoose,
  onClose,
  returnFocusTo,
}: StoreOptionsSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onKeyDown = useModal(sheet, onClose, { returnFocusTo });
  const options = storeOptions(stores);

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
        {options.length > 0 ? (
          <ul className="sheet__options">
            {options.map((option, index) => (
              <li key={`${index}:${option.url}`}>
                <a
                  href={option.url}
                  className="sheet__option"
                  rel="noopener noreferrer"
                  onClick={(event) => {
                    onChoose(option);
                    if (opensElsewhere(event)) return;
                    event.preventDefault();
                    goToStore(option.url);
                  }}
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
