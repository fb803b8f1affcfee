import {
  AuthMessages,
  emailProblem,
  normalizePhone,
  otpProblem,
  passwordProblem,
  phoneProblem,
  profilePhotoProblem,
} from './auth-rules';

describe('sign-up rules (SPEC section 5)', () => {
  it.each([
    ['', AuthMessages.passwordRequired],
    ['Ab1', AuthMessages.passwordTooShort],
    ['ABCDEFG1', AuthMessages.passwordNoLowercase],
    ['abcdefg1', AuthMessages.passwordNoUppercase],
    ['Abcdefgh', AuthMessages.passwordNoNumber],
    ['Abcdefg1', undefined],
  ])('password %j → %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('shows the first failing password rule only', () => {
    expect(passwordProblem('abc')).toBe('Password must be at least 8 characters long');
  });

  it.each([
    ['', AuthMessages.emailRequired],
    ['   ', AuthMessages.emailRequired],
    ['asha', AuthMessages.emailInvalid],
    ['asha@shop', AuthMessages.emailInvalid],
    ['asha @shop.in', AuthMessages.emailInvalid],
    ['Asha@Shop.in', undefined],
    ['asha.rao+shop@mail.co.in', undefined],
    ['asha@xn--i1b6b1a6a2e.xn--h2brj9c', undefined],
    ['asha@उदाहरण.भारत', undefined],
    ['a\u0000b@shop.in', AuthMessages.emailInvalid],
    ['asha@shop.in\u0007', AuthMessages.emailInvalid],
    ['asha@sh\u200bop.in', AuthMessages.emailInvalid],
    ['asha@\u202eni.pohs', AuthMessages.emailInvalid],
    ['asha@shop.in\ud800', AuthMessages.emailInvalid],
    ['asha@shop.in😀', AuthMessages.emailInvalid],
    ['asha@😀.in', AuthMessages.emailInvalid],
    ['आशा@shop.in', AuthMessages.emailInvalid],
    ['asha@[192.168.1.1]', AuthMessages.emailInvalid],
    ['asha@-shop.in', AuthMessages.emailInvalid],
    ['asha..rao@shop.in', AuthMessages.emailInvalid],
  ])('email %j → %s', (email, message) => {
    expect(emailProblem(email)).toBe(message);
  });

  it.each([
    ['', AuthMessages.otpRequired],
    ['12345', AuthMessages.otpInvalid],
    ['12345a', AuthMessages.otpInvalid],
    ['1234567', AuthMessages.otpInvalid],
    ['012345', undefined],
  ])('code %j → %s', (otp, message) => {
    expect(otpProblem(otp)).toBe(message);
  });
});

describe('phone rules (SPEC section 5)', () => {
  it.each([
    ['', AuthMessages.phoneRequired],
    ['+0 98765 43210', AuthMessages.phoneInvalid],
    ['98765-abc', AuthMessages.phoneInvalid],
    ['+91 98765', AuthMessages.phoneLength],
    ['+91 (98765) 43210', undefined],
    ['9876543210', undefined],
    ['+12345678901234567', AuthMessages.phoneInvalid],
  ])('%j → %s', (phone, message) => {
    expect(phoneProblem(phone)).toBe(message);
  });

  it('drops spaces, dashes and parentheses', () => {
    expect(normalizePhone('+91 (98765)-43210')).toBe('+919876543210');
  });
});

describe('profile photo rule', () => {
  const uploaded = '/api/photos/0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3b.jpg';

  it.each([[uploaded], [uploaded.replace('.jpg', '.webp')], [null], ['']])(
    'takes %j (an uploaded photo, or nothing to remove it)',
    (photoURL) => {
      expect(profilePhotoProblem(photoURL)).toBeUndefined();
    },
  );

  it.each([
    ['https://evil.example/pixel.gif'],
    ['javascript:alert(1)'],
    [`//evil.example${uploaded}`],
    [`${uploaded}?x=1`],
    ['/api/photos/not-an-id.jpg'],
    ['/api/shop/product-images/0b9c1f3e-8a4d-4f5e-9c2b-7d1e6a5f4c3b'],
    [42],
    [{ url: uploaded }],
  ])('refuses %j with a message', (photoURL) => {
    expect(profilePhotoProblem(photoURL)).toBe(AuthMessages.photoNotUploaded);
  });
});
