import { ArgumentMetadata } from '@nestjs/common';
import { IsEmail, IsString, MinLength, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { ServiceError } from '@kartlink/server-kit';
import { createValidationPipe } from './validation';

class Seo {
  @IsString()
  @MinLength(3, { message: 'Title must be at least 3 characters' })
  title!: string;
}
class Body {
  @IsEmail({}, { message: 'Email must be valid' })
  email!: string;
  @ValidateNested()
  @Type(() => Seo)
  seo!: Seo;
}

const metadata: ArgumentMetadata = { type: 'body', metatype: Body };

describe('validation pipe', () => {
  it('answers SPEC field errors with dotted paths, one per field', async () => {
    const error = await createValidationPipe()
      .transform({ email: 'nope', seo: { title: 'x' } }, metadata)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toBe('Email must be valid');
    expect((error as ServiceError).details?.errors).toEqual([
      { path: 'email', msg: 'Email must be valid' },
      { path: 'seo.title', msg: 'Title must be at least 3 characters' },
    ]);
  });

  it('refuses fields the contract does not know', async () => {
    const error = await createValidationPipe()
      .transform({ email: 'a@b.co', seo: { title: 'Hello' }, isAdmin: true }, metadata)
      .catch((e: unknown) => e);
    expect((error as ServiceError).details?.errors).toEqual([
      { path: 'isAdmin', msg: 'isAdmin is not an accepted field' },
    ]);
  });

  it('passes a valid body through as an instance', async () => {
    const value = await createValidationPipe().transform(
      { email: 'a@b.co', seo: { title: 'Hello' } },
      metadata,
    );
    expect(value).toBeInstanceOf(Body);
  });
});
