/** Texts of the account forms that the server also answers with (spec 000 §5, spec 001 §5). */
export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequirementsNotMet: 'Please ensure your password meets all requirements',
} as const;
