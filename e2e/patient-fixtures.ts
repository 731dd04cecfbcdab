import type { Page } from '@playwright/test';
import { expect } from './support';

/** `n` random lower-case letters: names of a run's own, so runs against one database never meet. */
export const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/**
 * A complete chart in the demo clinic, made through the API as the member signed in on `page`
 * (201 expected): a phone number of its own, an e-mail from the last name, `over` replacing any
 * field. Returns the patient as the API answers.
 */
export async function createPatientThroughApi(page: Page, over: { lastName: string } & Record<string, unknown>): Promise<{ id: string }> {
  const res = await page.request.post('/api/patients', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      firstName: 'Paula',
      dateOfBirth: '1961-02-14',
      gender: 'female',
      phone: `(555) 3${Math.floor(10 + Math.random() * 89)}-${Math.floor(1000 + Math.random() * 8999)}`,
      email: `${over.lastName.toLowerCase()}@example.org`,
      address: { street: '1 Compiler Court', city: 'Arlington', state: 'VA', zipCode: '22201' },
      emergencyContactName: 'Pedro Example',
      emergencyContactRelationship: 'Son',
      emergencyContactPhone: '555-310-9900',
      ...over,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).patient;
}
