import type { BrowserContext, Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/**
 * The JavaScript budget, measured as sent: the encoded bytes (brotli or gzip, as the server chose
 * for Chromium's Accept-Encoding) of every script a cold browser fetches to show a page. A cold
 * context has an empty HTTP cache, so nothing is served from it. Prints the figures.
 */

/** First load of `/`, the public landing page (kB = 1,000 bytes). */
const LANDING_BUDGET_KB = 120;
/** First load of `/dashboard`, signed in. */
const DASHBOARD_BUDGET_KB = 255;
/** Quiet time after which no more scripts are expected (lazy chunks follow their importer at once). */
const QUIET_MS = 750;

interface Script {
  path: string;
  encoding: string;
  bytes: number;
}

/** Loads `path` in a fresh page of `context` and returns the scripts it fetched, as sent. */
async function scriptsOfColdLoad(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<Script[]> {
  const page = await context.newPage();
  const pending: Promise<Script | null>[] = [];
  let lastScriptAt = Date.now();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('.js')) return;
    lastScriptAt = Date.now();
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        expect(response.fromServiceWorker()).toBe(false);
        const sizes = await request.sizes();
        return { path: url.pathname, encoding: response.headers()['content-encoding'] ?? 'identity', bytes: sizes.responseBodySize };
      })(),
    );
  });
  await page.goto(path);
  await ready(page);
  await expect.poll(() => Date.now() - lastScriptAt, { intervals: [250] }).toBeGreaterThan(QUIET_MS);
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
  await page.close();
  return scripts.sort((a, b) => b.bytes - a.bytes);
}

/** Prints the scripts and their total, and returns the total in kB. */
function report(title: string, scripts: Script[], budgetKb: number): number {
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  const kb = (bytes: number) => (bytes / 1000).toFixed(2).padStart(8);
  const lines = scripts.map((s) => `${kb(s.bytes)} kB  ${s.encoding.padEnd(8)} ${s.path}`);
  console.log([`${title}: ${scripts.length} scripts, encoded as sent`, ...lines, `${kb(total)} kB  total (budget ${budgetKb} kB)`].join('\n'));
  return total / 1000;
}

test('a cold load of / sends at most 120 kB of encoded JavaScript, every script compressed and cached for good', async ({ browser }) => {
  const context = await browser.newContext();
  const scripts = await scriptsOfColdLoad(context, '/', async (page) => {
    await expect(page.locator('main')).toBeVisible();
  });
  await context.close();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(['br', 'gzip'], script.path).toContain(script.encoding);
  expect(report('Cold load of /', scripts, LANDING_BUDGET_KB)).toBeLessThanOrEqual(LANDING_BUDGET_KB);
});

test('a cold load of /dashboard after sign-in sends at most 255 kB of encoded JavaScript', async ({ browser, page }) => {
  await signIn(page, 'doctor@demo.clinic');
  // The session, without the scripts the sign-in page left in this context's cache.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const scripts = await scriptsOfColdLoad(context, '/dashboard', async (dashboard) => {
    await expect(dashboard).toHaveURL(/\/dashboard$/);
    await expect(dashboard.getByRole('tab', { name: 'Queue Manager' })).toBeVisible();
  });
  await context.close();
  for (const script of scripts) expect(['br', 'gzip'], script.path).toContain(script.encoding);
  expect(report('Cold load of /dashboard (signed in)', scripts, DASHBOARD_BUDGET_KB)).toBeLessThanOrEqual(DASHBOARD_BUDGET_KB);
});

test('the entry script is sent as brotli with the immutable cache header, index.html is revalidated', async ({ request }) => {
  const html = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(html.headers()['cache-control']).toBe('no-cache');
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(entry).toBeTruthy();
  const res = await request.get(entry!, { headers: { 'accept-encoding': 'br' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test.describe('before the scripts run', () => {
  test.use({ javaScriptEnabled: false });

  test('/ is painted from its HTML: the landing page, its links and its styles, no app needed', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Clinic operations, from check-in to care' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/pricing');
    // The stylesheet applies: the call to action is a filled button, not an underlined link.
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    // Only `/` is prerendered: another page path is the empty app page until its scripts run.
    await page.goto('/pricing');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('the app renders over the prerendered landing page: one page, and its links navigate within the app', async ({ page }) => {
  await page.goto('/');
  // React has taken the root (its container key), and left one page in it.
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
