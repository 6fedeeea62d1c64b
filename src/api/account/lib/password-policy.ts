/**
 * What a buyer's password must be (register, reset and change): long enough, not their e-mail address,
 * not one of the passwords attackers try first. The list is @zxcvbn-ts/language-common's, the ~49,000
 * most common passwords of public breaches, compared without case.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 10;

const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Why `password` is refused for the account of `email`, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string | undefined): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  const lower = password.toLowerCase();
  const address = (email ?? '').trim().toLowerCase();
  if (address && (lower === address || lower === address.split('@')[0])) return 'Password must not be your e-mail address or its name part';
  if (COMMON_PASSWORDS.has(lower)) return 'Password is one of the most common passwords: choose another';
  return undefined;
}
