import { expect, type Page } from '@playwright/test';

/** The demo accounts' password (the e2e server's DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'demo-password';

/** Fills and submits the /login form, as a person would; does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the /login form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}
