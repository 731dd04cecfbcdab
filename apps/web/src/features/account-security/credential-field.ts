/**
 * The props of a required credential input (a password or an authentication code) besides its
 * value, which the form gives: its label and the browser's autofill hint.
 */
export const credentialField = (label: string, autoComplete: string) => ({ label, required: true, autoComplete });
