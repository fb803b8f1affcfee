import isEmail from 'validator/lib/isEmail';
import { photoIdOf } from './media';

/**
 * The sign-in rules of SPEC section 5 as plain functions, so that the server's DTOs and the
 * web forms apply the same rules with the same words. Each returns the first failing message,
 * or undefined when the value is fine.
 */
export const AuthMessages = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNoLowercase: 'Password must contain at least one lowercase letter',
  passwordNoUppercase: 'Password must contain at least one uppercase letter',
  passwordNoNumber: 'Password must contain at least one number',
  passwordTooLong: 'Password must be at most 128 characters',
  otpRequired: 'Verification code is required',
  otpInvalid: 'The verification code must be 6 digits',
  termsRequired: 'You must agree to the terms and privacy policy.',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number with country code (e.g., +1234567890)',
  phoneLength: 'Phone number must be between 10-16 digits',
  displayNameTooLong: 'Display name must be at most 100 characters',
  photoNotUploaded:
    'The profile photo must be an image uploaded to Kartlink. Please upload it again.',
} as const;

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const OTP_VALIDITY_SECONDS = 600;

// Nothing invisible or unprintable anywhere: controls, format characters (zero-width space,
// right-to-left override), lone surrogates, private use.
const HIDDEN = /\p{C}/u;
// Each label of the domain: letters (any script: an Indian-language domain is welcome), marks
// and digits, hyphens inside; the top-level domain letters only, or an xn-- IDN label.
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * SPEC section 5: required and valid. validator.js's isEmail checks the shape, with an ASCII
 * local part (what mail providers give out); the domain may be internationalised, label by
 * label in letters of any script, but nothing a person could not see or type: no emoji, no
 * invisible or direction-changing characters.
 */
export function emailProblem(email: unknown): string | undefined {
  if (typeof email !== 'string' || email.trim() === '') return AuthMessages.emailRequired;
  const address = email.trim();
  if (address.length > 254 || HIDDEN.test(address)) return AuthMessages.emailInvalid;
  if (!isEmail(address, { allow_utf8_local_part: false, allow_ip_domain: false }))
    return AuthMessages.emailInvalid;
  const labels = address.slice(address.lastIndexOf('@') + 1).split('.');
  if (!labels.every((label) => DOMAIN_LABEL.test(label)) || !TOP_LEVEL.test(labels.at(-1)!))
    return AuthMessages.emailInvalid;
  return undefined;
}

export function fullNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return AuthMessages.fullNameRequired;
  if (name.trim().length > 100) return AuthMessages.fullNameTooLong;
  return undefined;
}

/** The live checklist of the sign-up screen, in SPEC's order. */
export const PASSWORD_CHECKS = [
  {
    label: 'At least 8 characters',
    message: AuthMessages.passwordTooShort,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    label: 'One lowercase letter',
    message: AuthMessages.passwordNoLowercase,
    test: (p: string) => /[a-z]/.test(p),
  },
  {
    label: 'One uppercase letter',
    message: AuthMessages.passwordNoUppercase,
    test: (p: string) => /[A-Z]/.test(p),
  },
  {
    label: 'One number',
    message: AuthMessages.passwordNoNumber,
    test: (p: string) => /\d/.test(p),
  },
] as const;

export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password === '') return AuthMessages.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return AuthMessages.passwordTooLong;
  return PASSWORD_CHECKS.find((check) => !check.test(password))?.message;
}

export function otpProblem(otp: unknown): string | undefined {
  if (typeof otp !== 'string' || otp === '') return AuthMessages.otpRequired;
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp) ? undefined : AuthMessages.otpInvalid;
}

/** Spaces, dashes and parentheses are dropped before a phone number is checked or stored. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-()]/g, '');
}

export function phoneProblem(phone: unknown): string | undefined {
  if (typeof phone !== 'string' || phone.trim() === '') return AuthMessages.phoneRequired;
  const cleaned = normalizePhone(phone);
  if (!/^\+?[1-9]\d{0,15}$/.test(cleaned)) return AuthMessages.phoneInvalid;
  const digits = cleaned.replace(/^\+/, '').length;
  if (digits < 10 || digits > 16) return AuthMessages.phoneLength;
  return undefined;
}

/** A profile photo is one uploaded here (its /api/photos/ address); empty or null removes it. */
export function profilePhotoProblem(photoURL: unknown): string | undefined {
  if (photoURL === null || photoURL === '') return undefined;
  return typeof photoURL === 'string' && photoIdOf(photoURL) !== undefined
    ? undefined
    : AuthMessages.photoNotUploaded;
}
