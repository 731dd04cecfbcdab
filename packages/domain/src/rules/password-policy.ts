/**
 * An organization's password policy (Organization settings, Security tab): applied when a member
 * of that organization chooses a password (sign-up from an invitation, a password change, a reset).
 */
export interface PasswordPolicy {
  minLength: number;
  requireSymbols: boolean;
  requireNumbers: boolean;
  requireUppercase: boolean;
}

/** Shortest minimum an organization may set (the sign-up rule's 6) and the longest. */
export const POLICY_MIN_LENGTH_RANGE = { min: 6, max: 128 } as const;

/** The policy of an organization that set none: the spec's sample minimum length of 8. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  requireSymbols: false,
  requireNumbers: false,
  requireUppercase: false,
};

/**
 * What a password lacks under `policy`, as messages for the person choosing it; empty when it
 * passes. A symbol is any character that is neither a letter, a digit nor whitespace.
 */
export function passwordPolicyProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if ([...password].length < policy.minLength) problems.push(`Password must be at least ${policy.minLength} characters.`);
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push('Password must contain an uppercase letter.');
  if (policy.requireNumbers && !/\p{Nd}/u.test(password)) problems.push('Password must contain a number.');
  if (policy.requireSymbols && !/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('Password must contain a symbol.');
  return problems;
}

/**
 * The policy that binds a person who belongs to several organizations: the longest minimum and
 * every requirement any of them makes. With none, the default.
 */
export function strictestPolicy(policies: PasswordPolicy[]): PasswordPolicy {
  if (policies.length === 0) return DEFAULT_PASSWORD_POLICY;
  return policies.reduce((a, b) => ({
    minLength: Math.max(a.minLength, b.minLength),
    requireSymbols: a.requireSymbols || b.requireSymbols,
    requireNumbers: a.requireNumbers || b.requireNumbers,
    requireUppercase: a.requireUppercase || b.requireUppercase,
  }));
}
