import { cleanShopUrlInput, SHOP_URL_MAX, SHOP_URL_MIN, ShopMessages } from '@kartlink/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  AvailabilityMessages,
  useShopUrlAvailability,
} from '../../../hooks/use-shop-url-availability';
import { publicHost } from '../../../lib/public-address';
import '../../../components/form/form.css';

/**
 * "Claim your shop URL": picks a URL and carries it into sign-up. Whether it is free is asked
 * as the wizard asks it (after a 500 ms pause, from 3 characters), so that nobody signs up for
 * a URL someone else has; "Claim it" pressed while the answer is on its way waits for it.
 */
export function ClaimShopUrlForm() {
  const navigate = useNavigate();
  const inputId = useId();
  const statusId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [shopUrl, setShopUrl] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const availability = useShopUrlAvailability(shopUrl, { signedIn: false });

  const error = tooShort
    ? ShopMessages.urlTooShort
    : availability.kind === 'unavailable'
      ? availability.message
      : null;

  useEffect(() => {
    if (!claiming || availability.kind === 'checking') return;
    setClaiming(false);
    if (availability.kind === 'unavailable') {
      inputRef.current?.focus();
      return;
    }
    // Free, or no answer (offline): the wizard asks again before saving.
    const query = new URLSearchParams({ tab: 'signup', shopUrl });
    void navigate(`/auth?${query.toString()}`);
  }, [claiming, availability.kind, navigate, shopUrl]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (shopUrl.length < SHOP_URL_MIN) {
      setTooShort(true);
      inputRef.current?.focus();
      return;
    }
    setClaiming(true);
  };

  return (
    <form className="claim-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="claim-form__label">
        Claim your shop URL
      </label>
      <div className="claim-form__row">
        <div className="claim-form__field">
          <span className="claim-form__prefix" aria-hidden="true">
            {publicHost()}/
          </span>
          <input
            ref={inputRef}
            id={inputId}
            className="claim-form__input"
            value={shopUrl}
            onChange={(event) => {
              setShopUrl(cleanShopUrlInput(event.target.value));
              setTooShort(false);
              setClaiming(false);
            }}
            placeholder="yourshop"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            maxLength={SHOP_URL_MAX}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : statusId}
          />
        </div>
        <button type="submit" className="button button--primary">
          Claim it
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error claim-form__status" role="alert">
          {error}
        </p>
      ) : (
        <p id={statusId} className="claim-form__status" role="status">
          {availability.kind === 'checking' && AvailabilityMessages.checking}
          {availability.kind === 'available' && (
            <span className="field-success">{AvailabilityMessages.available}</span>
          )}
        </p>
      )}
    </form>
  );
}
