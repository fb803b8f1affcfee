import { cleanShopUrlInput, SHOP_URL_MIN } from '@kartlink/contracts';
import type { Ref } from 'react';
import { TextField } from '../../../components/form/TextField';
import type { Availability } from '../../../hooks/use-shop-url-availability';
import { publicHost, publicShopAddress } from '../../../lib/public-address';
import { WizardMessages } from '../utils/wizard';

interface ShopUrlStepProps {
  value: string;
  onChange: (shopUrl: string) => void;
  availability: Availability;
  inputRef?: Ref<HTMLInputElement>;
}

/** What the field says under it while the owner types (SPEC section 5). */
function shopUrlFeedback(
  value: string,
  availability: Availability,
): { error?: string; success?: string; pending?: string } {
  if (!value) return {};
  if (!/^[a-z0-9-]+$/.test(value)) return { error: WizardMessages.urlCharacters };
  if (value.length < SHOP_URL_MIN) return { error: WizardMessages.urlTooShort };
  switch (availability.kind) {
    case 'checking':
      return { pending: WizardMessages.urlChecking };
    case 'available':
      return { success: WizardMessages.urlAvailable };
    case 'unavailable':
      return { error: availability.message };
    default:
      return {};
  }
}

/** Step 1: the shop's address, filtered as typed and checked for availability. */
export function ShopUrlStep({ value, onChange, availability, inputRef }: ShopUrlStepProps) {
  const feedback = shopUrlFeedback(value, availability);
  return (
    <div className="setup-step">
      <TextField
        label="Shop URL"
        name="shopUrl"
        value={value}
        onValueChange={(typed) => onChange(cleanShopUrlInput(typed))}
        leading={`${publicHost()}/`}
        placeholder="yourshop"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={50}
        error={feedback.error}
        inputRef={inputRef}
        hint="Lowercase letters, numbers and hyphens. At least 3 characters."
      />
      <p className="setup-step__status" role="status">
        {feedback.pending && <span className="field__hint">{feedback.pending}</span>}
        {feedback.success && <span className="field-success">{feedback.success}</span>}
      </p>
      <div className="setup-address">
        <span className="setup-address__label">Your shop&apos;s public address</span>
        <span className="setup-address__value">{publicShopAddress(value || 'yourshop')}</span>
      </div>
    </div>
  );
}
