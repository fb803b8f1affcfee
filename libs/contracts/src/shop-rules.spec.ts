import {
  cleanShopUrlInput,
  ShopMessages,
  shopDescriptionProblem,
  shopNameProblem,
  shopUrlProblem,
} from './shop-rules';

describe('shop URL rules (SPEC section 5)', () => {
  it.each([
    ['', ShopMessages.urlRequired],
    ['ab', ShopMessages.urlTooShort],
    ['my shop', ShopMessages.urlCharacters],
    ['my_shop', ShopMessages.urlCharacters],
    ['a'.repeat(51), ShopMessages.urlTooLong],
    ['dashboard', ShopMessages.urlReserved],
    ['API', ShopMessages.urlReserved],
    ['admin-login', ShopMessages.urlReserved],
    ['404', ShopMessages.urlReserved],
    ['Asha-Styles', undefined],
    ['  asha-styles ', undefined],
  ])('%j → %s', (url, message) => {
    expect(shopUrlProblem(url)).toBe(message);
  });

  it('keeps only lower-case letters, digits and hyphens of what is typed', () => {
    expect(cleanShopUrlInput('Asha’s Styles_2024!')).toBe('ashasstyles2024');
    expect(cleanShopUrlInput('meera-finds')).toBe('meera-finds');
  });
});

describe('shop name and description rules', () => {
  it.each([
    ['', ShopMessages.nameRequired],
    ['Ab', ShopMessages.nameTooShort],
    ['Asha', undefined],
  ])('name %j → %s', (name, message) => {
    expect(shopNameProblem(name)).toBe(message);
  });

  it.each([
    ['', ShopMessages.descriptionRequired],
    ['Too short', ShopMessages.descriptionTooShort],
    ['Handpicked kurtas', undefined],
    ['x'.repeat(499), undefined],
    ['x'.repeat(500), ShopMessages.descriptionTooLong],
  ])('description %j → %s', (description, message) => {
    expect(shopDescriptionProblem(description)).toBe(message);
  });
});
