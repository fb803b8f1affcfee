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

describe('what the validation pipe refuses before any DTO', () => {
  const refusal = (value: unknown, meta: ArgumentMetadata = metadata) =>
    createValidationPipe()
      .transform(value, meta)
      .then(
        () => undefined,
        (e: ServiceError) => e.details?.errors,
      );

  it('refuses a body that is not a JSON object', async () => {
    for (const body of [null, [], 42, 'text'])
      expect(await refusal(body)).toEqual([
        { path: 'body', msg: 'The request body must be a JSON object.' },
      ]);
  });

  it('refuses a control character in any text, naming the field', async () => {
    expect(await refusal({ email: 'a\u0000b@example.com', seo: { title: 'Diwali' } })).toEqual([
      { path: 'email', msg: 'email contains characters that are not allowed.' },
    ]);
    expect(await refusal({ email: 'a@example.com', seo: { title: 'Di\u001bwali' } })).toEqual([
      { path: 'seo.title', msg: 'seo.title contains characters that are not allowed.' },
    ]);
    expect(await refusal({ search: 'a\u0000b' }, { type: 'query', metatype: Object })).toEqual([
      { path: 'search', msg: 'search contains characters that are not allowed.' },
    ]);
    expect(await refusal('a\u0000b', { type: 'param', metatype: String, data: 'id' })).toEqual([
      { path: 'id', msg: 'id contains characters that are not allowed.' },
    ]);
  });

  it('keeps tabs and line breaks, which descriptions have', async () => {
    expect(
      await refusal({ email: 'a@example.com', seo: { title: 'Diwali\tsale\r\nall week' } }),
    ).toBeUndefined();
  });
});
