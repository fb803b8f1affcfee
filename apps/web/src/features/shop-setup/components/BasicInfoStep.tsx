import {
  DESCRIPTION_MAX,
  SHOP_NAME_MAX,
  shopDescriptionProblem,
  shopNameProblem,
} from '@kartlink/contracts';
import { useState, type Ref } from 'react';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';

interface BasicInfoStepProps {
  shopName: string;
  shopDescription: string;
  onChange: (field: 'shopName' | 'shopDescription', value: string) => void;
  /** Shows every field's problem, as after a Next that was refused. */
  showAll: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** Step 2: the shop's name and what it sells; each field says what is wrong once left. */
export function BasicInfoStep({
  shopName,
  shopDescription,
  onChange,
  showAll,
  inputRef,
}: BasicInfoStepProps) {
  const [touched, setTouched] = useState({ shopName: false, shopDescription: false });
  const touch = (field: keyof typeof touched) =>
    setTouched((current) => ({ ...current, [field]: true }));
  const shown = (field: keyof typeof touched) => showAll || touched[field];

  return (
    <div className="setup-step">
      <TextField
        label="Shop name"
        name="shopName"
        value={shopName}
        onValueChange={(value) => onChange('shopName', value)}
        onBlur={() => touch('shopName')}
        placeholder="Asha's Handlooms"
        autoComplete="organization"
        maxLength={SHOP_NAME_MAX}
        error={shown('shopName') ? shopNameProblem(shopName) : undefined}
        inputRef={inputRef}
      />
      <TextAreaField
        label="Shop description"
        name="shopDescription"
        value={shopDescription}
        onValueChange={(value) => onChange('shopDescription', value)}
        onBlur={() => touch('shopDescription')}
        placeholder="Handwoven sarees and stoles from Pochampally, shipped across India."
        rows={4}
        counter={DESCRIPTION_MAX}
        hint="At least 10 characters. Visitors read it at the top of your shop."
        error={shown('shopDescription') ? shopDescriptionProblem(shopDescription) : undefined}
      />
    </div>
  );
}
