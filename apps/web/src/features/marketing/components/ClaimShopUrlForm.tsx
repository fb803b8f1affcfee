import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeShopUrl, SHOP_URL_MIN_LENGTH } from '../../../lib/shop-url';

/** "Claim your shop URL": picks a URL and carries it into sign-up. */
export function ClaimShopUrlForm() {
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const [shopUrl, setShopUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (shopUrl.length < SHOP_URL_MIN_LENGTH) {
      setError(`Shop URL must be at least ${SHOP_URL_MIN_LENGTH} characters long.`);
      return;
    }
    const query = new URLSearchParams({ tab: 'signup', shopUrl });
    void navigate(`/auth?${query.toString()}`);
  };

  return (
    <form className="claim-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="claim-form__label">
        Claim your shop URL
      </label>
      <div className="claim-form__row">
        <div className="claim-form__field">
          <span className="claim-form__prefix" aria-hidden="true">
            {window.location.host}/
          </span>
          <input
            id={inputId}
            className="claim-form__input"
            value={shopUrl}
            onChange={(event) => {
              setShopUrl(sanitizeShopUrl(event.target.value));
              setError(null);
            }}
            placeholder="yourshop"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className="button button--primary">
          Claim it
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
