import { expect, test } from './support';

test('the landing page comes with the CSP, no framing and nosniff, and renders without a violation', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('API answers are never stored: Cache-Control: no-store', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.headers()['cache-control']).toBe('no-store');
});

test('an inline script injected into a page is blocked and reported by the guard every spec uses', async ({ page, cspViolations }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.inline = "ran"';
    document.head.append(script);
  });
  await expect.poll(() => cspViolations.some((v) => /script-src/.test(v))).toBe(true);
  expect(await page.evaluate(() => document.body.dataset.inline)).toBeUndefined();
  // The blocked script was this test's point; any other violation still fails it.
  const others = cspViolations.filter((v) => !/script-src/.test(v));
  cspViolations.splice(0, cspViolations.length, ...others);
});
