import { IsOptional, IsString, validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { Optional } from './rule';

class Profile {
  @Optional() @IsString({ message: 'Display name must be text' }) displayName?: string;
  @IsOptional() @IsString() photoURL?: string | null;
}

const problems = (plain: object) =>
  validateSync(plainToInstance(Profile, plain)).flatMap((e) => Object.values(e.constraints ?? {}));

describe('Optional', () => {
  it('leaves a field that is left out alone, and checks null like any value', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ displayName: 'Asha' })).toEqual([]);
    expect(problems({ displayName: null })).toEqual(['Display name must be text']);
  });

  it('is not IsOptional, which lets null through for the fields where it clears', () => {
    expect(problems({ photoURL: null })).toEqual([]);
  });
});
