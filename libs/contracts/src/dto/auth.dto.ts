import {
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { Optional, Rule } from './rule';
import {
  emailProblem,
  fullNameProblem,
  otpProblem,
  passwordProblem,
  phoneProblem,
  profilePhotoProblem,
} from '../auth-rules';
import {
  OtpPurpose,
  type ChangePasswordBody,
  type CreateImpersonationBody,
  type LoginBody,
  type PasswordResetSendOtpBody,
  type PasswordResetVerifyOtpBody,
  type RegisterSendOtpBody,
  type RegisterVerifyOtpBody,
  type ResendOtpBody,
  type TokenExchangeBody,
  type SetPlanBody,
  type UpdateProfileBody,
  type UserPlan,
} from '../auth';
import type { AccountDeletionBody } from '../account';
import {
  type ApiKeyScope,
  apiKeyExpiryProblem,
  apiKeyNameProblem,
  apiKeyScopesProblem,
  type CreateApiKeyBody,
} from '../api-keys';

/**
 * Request bodies as validated classes (class-validator), for the gateway. They implement the
 * plain interfaces of ../auth.ts, which the web app uses.
 */

export class RegisterSendOtpRequest implements RegisterSendOtpBody {
  @Rule(emailProblem) email!: string;
  @Rule(fullNameProblem) fullName!: string;
  @Rule(passwordProblem) password!: string;
}

export class RegisterVerifyOtpRequest implements RegisterVerifyOtpBody {
  @Rule(emailProblem) email!: string;
  @Rule(otpProblem) otp!: string;
  @Rule(passwordProblem) password!: string;
}

export class ResendOtpRequest implements ResendOtpBody {
  @Rule(emailProblem) email!: string;
  @IsIn(Object.values(OtpPurpose), { message: 'purpose must be registration or password-reset' })
  purpose!: OtpPurpose;
  @Optional() @Rule(fullNameProblem) fullName?: string;
}

export class PasswordResetSendOtpRequest implements PasswordResetSendOtpBody {
  @Rule(emailProblem) email!: string;
}

export class PasswordResetVerifyOtpRequest implements PasswordResetVerifyOtpBody {
  @Rule(emailProblem) email!: string;
  @Rule(otpProblem) otp!: string;
  @Rule(passwordProblem) newPassword!: string;
}

export class LoginRequest implements LoginBody {
  @Rule(emailProblem) email!: string;
  @IsString({ message: 'Password is required' }) @MaxLength(128) password!: string;
  @Optional() @IsBoolean() rememberMe?: boolean;
}

/** Exchanges a one-time sign-in token (after sign-up, Google or from an admin) for a session. */
export class TokenExchangeRequest implements TokenExchangeBody {
  @IsString({ message: 'No authentication token provided' }) @MaxLength(512) token!: string;
  @Optional() @IsBoolean() rememberMe?: boolean;
}

export class TokenPreviewRequest {
  @IsString({ message: 'No authentication token provided' }) @MaxLength(512) token!: string;
}

export class ChangePasswordRequest implements ChangePasswordBody {
  @IsString({ message: 'Current password is required' }) @MaxLength(128) currentPassword!: string;
  @Rule(passwordProblem) newPassword!: string;
}

export class UpdateProfileRequest implements UpdateProfileBody {
  @Optional()
  @IsString()
  @MaxLength(100, { message: 'Display name must be at most 100 characters' })
  displayName?: string;
  /** An empty string removes the number. */
  @Optional()
  @ValidateBy({
    name: 'phoneOrEmpty',
    validator: {
      validate: (v) => v === '' || phoneProblem(v) === undefined,
      defaultMessage: (a) => phoneProblem(a?.value) ?? '',
    },
  })
  phoneNumber?: string;
  /** null or an empty string removes the photo. */
  @IsOptional() @Rule(profilePhotoProblem) photoURL?: string | null;
}

export class SetPlanRequest implements SetPlanBody {
  @Rule(emailProblem) email!: string;
  @IsIn(['free', 'premium'], { message: 'plan must be free or premium' }) plan!: UserPlan;
}

export class CreateImpersonationRequest implements CreateImpersonationBody {
  @Rule(emailProblem) email!: string;
}

/** POST /api/account/delete: the password, or the e-mailed code of an account without one. */
export class AccountDeletionRequest implements AccountDeletionBody {
  @Optional()
  @IsString({ message: 'Password is required' })
  @MaxLength(128)
  password?: string;
  @Optional()
  @Matches(/^\d{6}$/, { message: 'Enter the 6-digit code we e-mailed you' })
  code?: string;
}

/** POST /api/auth/api-keys. */
export class CreateApiKeyRequest implements CreateApiKeyBody {
  @Rule(apiKeyNameProblem) name!: string;
  @Rule(apiKeyScopesProblem) scopes!: ApiKeyScope[];
  @IsOptional() @Rule(apiKeyExpiryProblem) expiresAt?: string | null;
}
