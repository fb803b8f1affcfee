import {
  DefaultErrorMessage,
  SHOP_NAME_MIN,
  SHOP_URL_MIN,
  DESCRIPTION_MIN,
  shopDescriptionProblem,
  shopNameProblem,
  shopUrlProblem,
  type SetupSteps,
  type Shop,
  type ShopSettingsBody,
} from '@kartlink/contracts';
import { AvailabilityMessages } from '../../../hooks/use-shop-url-availability';

/** SPEC sections 5 and 8: what the setup wizard says. */
export const WizardMessages = {
  checking: 'Checking shop status...',
  alreadySetUp: 'Your shop is already set up!',
  urlStepGuard: 'Please enter a valid shop URL (minimum 3 characters)',
  nameStepGuard: 'Please enter a valid shop name (minimum 3 characters)',
  descriptionStepGuard: 'Please enter a valid shop description (minimum 10 characters)',
  photoStepGuard: 'Please upload a shop logo or profile image',
  photoRequired: 'Please upload a shop logo or profile image to continue',
  noData: 'No data provided for this step',
  /** The wizard's live wording for a short URL (the submit wording is the contract's). */
  urlTooShort: 'Store URL must be at least 3 characters',
  urlCharacters: 'Only letters, numbers, and hyphens are allowed',
  urlAvailable: AvailabilityMessages.available,
  urlChecking: AvailabilityMessages.checking,
  unexpected: DefaultErrorMessage.unknown,
  saveFailed: 'Failed to save shop settings',
  completeFailed: 'Failed to complete shop setup',
  completed: 'Shop setup completed successfully!',
  setupComplete: 'Setup Complete!',
} as const;

/** SPEC section 9, Wizard. */
export const WizardTiming = {
  highlightMs: 1500,
  advanceMs: 1200,
  confettiMs: 3000,
  redirectMs: 1000,
} as const;

export type StepNumber = 1 | 2 | 3;

export const WIZARD_STEPS: ReadonlyArray<{
  step: StepNumber;
  flag: keyof SetupSteps;
  title: string;
  lead: string;
}> = [
  { step: 1, flag: 'shopUrl', title: 'Shop URL', lead: 'Pick the address of your shop.' },
  {
    step: 2,
    flag: 'basicInfo',
    title: 'Basic Information',
    lead: 'Tell visitors what your shop is called and what it sells.',
  },
  {
    step: 3,
    flag: 'profilePhoto',
    title: 'Profile Photo',
    lead: 'Add your logo or a photo that visitors will recognise.',
  },
];

/** What the wizard collects, merged from the saved shop and what is typed. */
export interface WizardData {
  shopUrl: string;
  shopName: string;
  shopDescription: string;
  shopPhotoURL: string;
}

/**
 * SPEC section 4: where the wizard opens, from the saved step flags. URL and basic info done
 * but not the photo: step 3; only the URL done: step 2; anything else: step 1.
 */
export function startStep(steps: Partial<SetupSteps> | null | undefined): StepNumber {
  if (steps?.shopUrl && steps.basicInfo && !steps.profilePhoto) return 3;
  if (steps?.shopUrl && !steps.basicInfo) return 2;
  return 1;
}

/** The saved shop's values, for the wizard's fields. */
export function dataFromShop(shop: Shop | null | undefined): WizardData {
  return {
    shopUrl: shop?.shopUrl ?? '',
    shopName: shop?.shopName ?? '',
    shopDescription: shop?.shopDescription ?? '',
    shopPhotoURL: shop?.shopPhotoURL ?? '',
  };
}

/**
 * SPEC section 5, step guards: the first problem of a step's data, or undefined. A value that
 * is long enough but breaks another rule (a reserved URL, a description of 500 characters)
 * gets the contract's own message.
 */
export function validateStep(
  step: StepNumber,
  data: Partial<WizardData> | null | undefined,
): string | undefined {
  if (!data) return WizardMessages.noData;
  switch (step) {
    case 1: {
      const shopUrl = data.shopUrl?.trim() ?? '';
      if (shopUrl.length < SHOP_URL_MIN) return WizardMessages.urlStepGuard;
      return shopUrlProblem(shopUrl);
    }
    case 2: {
      const shopName = data.shopName?.trim() ?? '';
      if (shopName.length < SHOP_NAME_MIN) return WizardMessages.nameStepGuard;
      const nameProblem = shopNameProblem(shopName);
      if (nameProblem) return nameProblem;
      const description = data.shopDescription?.trim() ?? '';
      if (description.length < DESCRIPTION_MIN) return WizardMessages.descriptionStepGuard;
      return shopDescriptionProblem(description);
    }
    case 3:
      // The address is the one the upload answered (a path on this site or a full URL).
      return data.shopPhotoURL?.trim() ? undefined : WizardMessages.photoStepGuard;
  }
}

/** What a step's Next saves: its fields and its step flag (SPEC section 4). */
export function stepSaveBody(step: 1 | 2, data: WizardData): ShopSettingsBody {
  return step === 1
    ? { shopUrl: data.shopUrl.trim().toLowerCase(), setupSteps: { shopUrl: true } }
    : {
        shopName: data.shopName.trim(),
        shopDescription: data.shopDescription.trim(),
        setupSteps: { basicInfo: true },
      };
}

/** SPEC section 4, completion: everything, every step flag, setup completed, shop public. */
export function completionBody(data: WizardData): ShopSettingsBody {
  return {
    shopUrl: data.shopUrl.trim().toLowerCase(),
    shopName: data.shopName.trim(),
    shopDescription: data.shopDescription.trim(),
    shopPhotoURL: data.shopPhotoURL.trim(),
    isShopPublic: true,
    setupCompleted: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  };
}

/** The first problem of the whole wizard before completing it, or undefined. */
export function completionProblem(data: WizardData): string | undefined {
  if (!data.shopPhotoURL.trim()) return WizardMessages.photoRequired;
  return validateStep(1, data) ?? validateStep(2, data) ?? validateStep(3, data);
}
