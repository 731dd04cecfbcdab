import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../contracts/auth.js';
import { COMMON_PASSWORD_COUNT, newPasswordProblem } from './password.js';

describe('newPasswordProblem', () => {
  it('refuses fewer than 6 characters as auth/weak-password, whatever they are, and accepts 6', () => {
    expect(newPasswordProblem('k7#qZ')).toBe('auth/weak-password');
    expect(newPasswordProblem('   ')).toBe('auth/weak-password');
    expect(newPasswordProblem('')).toBe('auth/weak-password');
    expect(newPasswordProblem('k7#qZ2')).toBeNull();
    expect(AUTH_MESSAGES['auth/weak-password']).toBe('Password should be at least 6 characters.');
  });

  it.each([
    ['six spaces', '      '],
    ['tabs, newlines and no-break spaces', '\t\n\u00a0 \u3000\u2003 '],
  ])('refuses a password of only whitespace (%s) as auth/blank-password', (_name, password) => {
    expect(newPasswordProblem(password)).toBe('auth/blank-password');
  });

  it('accepts spaces inside or around other characters', () => {
    expect(newPasswordProblem('  correct horse  ')).toBeNull();
  });

  it.each(['123456', 'password', 'qwerty123', 'iloveyou', 'trustno1'])(
    'refuses "%s", among the most common, as auth/common-password',
    (password) => {
      expect(newPasswordProblem(password)).toBe('auth/common-password');
    },
  );

  it('compares without regard to letter case', () => {
    expect(newPasswordProblem('PassWord')).toBe('auth/common-password');
    expect(newPasswordProblem('IloveYou')).toBe('auth/common-password');
  });

  it('holds exactly the 1,000 most common: "hellfire" (999th) is refused, "engineer" (1,001st) accepted', () => {
    expect(COMMON_PASSWORD_COUNT).toBe(1000);
    expect(newPasswordProblem('hellfire')).toBe('auth/common-password');
    expect(newPasswordProblem('engineer')).toBeNull();
  });

  it('accepts an uncommon password', () => {
    expect(newPasswordProblem('secret-pass')).toBeNull();
    expect(newPasswordProblem('demo-password')).toBeNull();
  });

  it('has a catalogue message for every refusal', () => {
    expect(AUTH_MESSAGES['auth/blank-password']).toBe('Password cannot be only spaces.');
    expect(AUTH_MESSAGES['auth/common-password']).toBe('This password is too common. Please choose a less common one.');
  });
});
