import { describe, expect, it } from 'vitest';
import {
  completionBody,
  completionProblem,
  startStep,
  stepSaveBody,
  validateStep,
  type WizardData,
} from './wizard';

const READY: WizardData = {
  shopUrl: 'asha-crafts',
  shopName: 'Asha Crafts',
  shopDescription: 'Handwoven sarees and stoles',
  shopPhotoURL: 'https://images.example.com/asha.png',
};

describe('the step the wizard opens at (SPEC section 4)', () => {
  it.each([
    [{ shopUrl: true, basicInfo: true, profilePhoto: false }, 3],
    [{ shopUrl: true, basicInfo: false, profilePhoto: false }, 2],
    [{ shopUrl: true, basicInfo: false, profilePhoto: true }, 2],
    [{ shopUrl: false, basicInfo: false, profilePhoto: false }, 1],
    [{ shopUrl: false, basicInfo: true, profilePhoto: false }, 1],
    [{ shopUrl: true, basicInfo: true, profilePhoto: true }, 1],
    [undefined, 1],
    [null, 1],
  ])('%j gives step %i', (steps, expected) => {
    expect(startStep(steps)).toBe(expected);
  });
});

describe('the step guards (SPEC section 5)', () => {
  it('needs data', () => {
    expect(validateStep(1, null)).toBe('No data provided for this step');
    expect(validateStep(2, undefined)).toBe('No data provided for this step');
  });

  it('needs a shop URL of 3 characters or more', () => {
    expect(validateStep(1, { shopUrl: '' })).toBe(
      'Please enter a valid shop URL (minimum 3 characters)',
    );
    expect(validateStep(1, { shopUrl: 'ab' })).toBe(
      'Please enter a valid shop URL (minimum 3 characters)',
    );
    expect(validateStep(1, { shopUrl: 'abc' })).toBeUndefined();
  });

  it("gives the contract's words for a URL that is long enough but not allowed", () => {
    expect(validateStep(1, { shopUrl: 'dashboard' })).toBe(
      'This shop URL is reserved. Please choose a different one.',
    );
    expect(validateStep(1, { shopUrl: 'my shop' })).toBe(
      'Shop URL can only contain letters, numbers, and hyphens.',
    );
  });

  it('needs a name of 3 characters and a description of 10', () => {
    expect(validateStep(2, { shopName: 'As', shopDescription: 'Long enough text' })).toBe(
      'Please enter a valid shop name (minimum 3 characters)',
    );
    expect(validateStep(2, { shopName: 'Asha', shopDescription: 'Too short' })).toBe(
      'Please enter a valid shop description (minimum 10 characters)',
    );
    expect(validateStep(2, { shopName: '   ', shopDescription: '' })).toBe(
      'Please enter a valid shop name (minimum 3 characters)',
    );
    expect(validateStep(2, { shopName: 'Asha', shopDescription: 'x'.repeat(500) })).toBe(
      'Description must be less than 500 characters',
    );
    expect(validateStep(2, READY)).toBeUndefined();
  });

  it('needs a photo', () => {
    expect(validateStep(3, { shopPhotoURL: '' })).toBe(
      'Please upload a shop logo or profile image',
    );
    expect(validateStep(3, { shopPhotoURL: '   ' })).toBe(
      'Please upload a shop logo or profile image',
    );
    expect(validateStep(3, { shopPhotoURL: '/api/photos/shop-1.webp' })).toBeUndefined();
    expect(validateStep(3, READY)).toBeUndefined();
  });
});

describe('saving the steps', () => {
  it("saves each step's fields with its own flag", () => {
    expect(stepSaveBody(1, { ...READY, shopUrl: 'Asha-Crafts ' })).toEqual({
      shopUrl: 'asha-crafts',
      setupSteps: { shopUrl: true },
    });
    expect(stepSaveBody(2, { ...READY, shopName: ' Asha Crafts ' })).toEqual({
      shopName: 'Asha Crafts',
      shopDescription: 'Handwoven sarees and stoles',
      setupSteps: { basicInfo: true },
    });
  });

  it('completes with every flag, setupCompleted and a public shop', () => {
    expect(completionBody(READY)).toEqual({
      ...READY,
      isShopPublic: true,
      setupCompleted: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    });
  });

  it('refuses to complete without a photo, with the words for continuing', () => {
    expect(completionProblem({ ...READY, shopPhotoURL: '' })).toBe(
      'Please upload a shop logo or profile image to continue',
    );
    expect(completionProblem({ ...READY, shopName: 'A' })).toBe(
      'Please enter a valid shop name (minimum 3 characters)',
    );
    expect(completionProblem(READY)).toBeUndefined();
  });
});
