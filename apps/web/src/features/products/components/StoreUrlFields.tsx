import { MAX_STORE_URLS, MIN_STORE_URLS } from '@kartlink/contracts';
import { useId, type Ref } from 'react';
import { TextField } from '../../../components/form/TextField';
import { detectStore } from '../utils/product-form';
import { StoreChip } from './StoreChip';

interface StoreUrlFieldsProps {
  rows: string[];
  onChange: (rows: string[]) => void;
  rowErrors: Array<string | undefined>;
  /** The server's warnings about saved rows (a shortened link it could not resolve). */
  rowWarnings?: Array<string | undefined>;
  /** A problem of the list as a whole (too few stores...). */
  listError?: string;
  firstRef?: Ref<HTMLInputElement>;
  /** An address pasted into a row (the form may fill the product's details from its page). */
  onPasteUrl?: (url: string) => void;
}

/**
 * SPEC section 5, URL list: 2 to 7 store addresses, one per row, each naming the store it
 * opens as it is typed.
 */
export function StoreUrlFields({
  rows,
  onChange,
  rowErrors,
  rowWarnings = [],
  listError,
  firstRef,
  onPasteUrl,
}: StoreUrlFieldsProps) {
  const listErrorId = useId();
  const setRow = (index: number, value: string) =>
    onChange(rows.map((row, i) => (i === index ? value : row)));

  return (
    <fieldset className="store-rows" aria-describedby={listError ? listErrorId : undefined}>
      <legend className="form-section__title">Where to buy</legend>
      <p className="form-section__lead">
        Paste the product&apos;s address on each store: Amazon, Flipkart, Myntra, AJIO, Meesho, a
        WhatsApp chat or your own site. {MIN_STORE_URLS} to {MAX_STORE_URLS} stores.
      </p>
      {listError && (
        <p id={listErrorId} className="field-error" role="alert">
          {listError}
        </p>
      )}
      <ol className="store-rows__list">
        {rows.map((row, index) => {
          const store = detectStore(row);
          const label = `Store link ${index + 1}`;
          return (
            <li key={index} className="store-row">
              <TextField
                label={label}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={
                  index === 0 ? 'https://www.amazon.in/dp/…' : 'https://www.flipkart.com/…'
                }
                value={row}
                onValueChange={(value) => setRow(index, value)}
                onPaste={(event) => {
                  const pasted = event.clipboardData.getData('text').trim();
                  if (pasted) onPasteUrl?.(pasted);
                }}
                error={rowErrors[index]}
                inputRef={index === 0 ? firstRef : undefined}
                hint={
                  store || rowWarnings[index] ? (
                    <>
                      {store && (
                        <span className="store-row__detected">
                          <StoreChip storeKey={store.key} vendor={store.vendor} />
                          <span className="store-row__url">{store.url}</span>
                        </span>
                      )}
                      {rowWarnings[index] && (
                        <span className="store-row__warning" role="status">
                          {rowWarnings[index]}
                        </span>
                      )}
                    </>
                  ) : undefined
                }
              />
              <button
                type="button"
                className="icon-button store-row__remove"
                aria-label={`Remove ${label.toLowerCase()}`}
                disabled={rows.length <= MIN_STORE_URLS}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      <div className="store-rows__footer">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={rows.length >= MAX_STORE_URLS}
          onClick={() => onChange([...rows, ''])}
        >
          + Add store link
        </button>
        <span className="field__hint">
          {rows.length} of {MAX_STORE_URLS} stores
        </span>
      </div>
    </fieldset>
  );
}
