import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, passwordPolicyProblems, strictestPolicy } from './password-policy.js';

const policy = (over: Partial<typeof DEFAULT_PASSWORD_POLICY> = {}) => ({ ...DEFAULT_PASSWORD_POLICY, ...over });

describe('passwordPolicyProblems', () => {
  it('accepts a password of exactly the minimum length and refuses one a character shorter', () => {
    expect(passwordPolicyProblems('abcdefgh', policy({ minLength: 8 }))).toEqual([]);
    expect(passwordPolicyProblems('abcdefg', policy({ minLength: 8 }))).toEqual(['Password must be at least 8 characters.']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordPolicyProblems('😀😀😀😀😀😀', policy({ minLength: 6 }))).toEqual([]);
    expect(passwordPolicyProblems('😀😀😀', policy({ minLength: 6 }))).toHaveLength(1);
  });

  it('asks for an uppercase letter, a number and a symbol only when the policy does', () => {
    const strict = policy({ requireUppercase: true, requireNumbers: true, requireSymbols: true });
    expect(passwordPolicyProblems('lowercase only', strict)).toEqual([
      'Password must contain an uppercase letter.',
      'Password must contain a number.',
      'Password must contain a symbol.',
    ]);
    expect(passwordPolicyProblems('Upper1!x', strict)).toEqual([]);
    expect(passwordPolicyProblems('lowercase only', policy())).toEqual([]);
  });

  it('does not take a space for a symbol', () => {
    expect(passwordPolicyProblems('with space', policy({ requireSymbols: true }))).toEqual(['Password must contain a symbol.']);
  });
});

describe('strictestPolicy', () => {
  it('takes the longest minimum and every requirement', () => {
    expect(strictestPolicy([policy({ minLength: 10 }), policy({ minLength: 12, requireNumbers: true })])).toEqual(
      policy({ minLength: 12, requireNumbers: true }),
    );
  });

  it('is the default without any organization', () => {
    expect(strictestPolicy([])).toEqual(DEFAULT_PASSWORD_POLICY);
  });
});
