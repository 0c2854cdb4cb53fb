// Every string a person reads, word for word as SPEC.md writes it. Server and screens import these.
export const MSG = {
  // Login (SPEC §5, §8)
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username is invalid',
  passwordRequired: 'Password is required',
  passwordInvalid: 'Password is invalid',
  passwordTooShort: 'Password must be greater than 8 digits',
  passwordTooLong: 'Password must be less than 20 digits',
  passwordTooLongSignUp: 'Password must be less than 16 digits',
  fieldsMustBeCompleted: 'Fields must be completed correctly',
  incorrectLogin: 'Incorrect username or password',
  // Generic API messages (DESIGN §4)
  notSignedIn: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send the request body as application/json.',
  tooLarge: 'The request is too large.',
  tooManyAttempts: 'Too many attempts, please wait a few minutes and try again.',
  foreignOrigin: 'Cross-site requests are not allowed.',
  invalidInput: 'Your form has errors, please check it out.',
  somethingWentWrong: 'Something went wrong, please try again.',
} as const;

export type MessageKey = keyof typeof MSG;
