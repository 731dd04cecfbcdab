import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/**
 * The charts' SVG text (axis ticks, donut labels) is drawn inside the chart's image, where axe
 * cannot tell the background; Mantine Charts paint it in gray.7 (#495057, the chart text colour and
 * the theme's "dimmed") on the white card, 8.6:1.
 */
const CHART_TEXT = { selector: 'svg.recharts-surface :is(text, tspan)', why: 'chart text, gray.7 on white' };

/** A card of the Analytics Overview widget, by its label. */
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test("the dashboard's Analytics tab shows the seeded figures with trends from last week", async ({ page }) => {
  await signIn(page, 'viewer@demo.clinic');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  // Ninety days of demo history: every figure has a value and a trend.
  await expect(card(page, 'Total Visits')).toContainText(/\d+/);
  await expect(card(page, 'Patient Satisfaction')).toContainText(/\d\.\d\/5/);
  await expect(card(page, 'AI Accuracy')).toContainText(/\d+\.\d%/);
  await expect(card(page, 'Treatment Efficiency')).toContainText(/\d+\.\d%/);
  await expect(card(page, 'Revenue/Patient')).toContainText(/\$\d[\d,]*\.\d{2}/);
  await expect(card(page, 'Avg Treatment Time')).toContainText(/\d+ min/);
  await expect(card(page, 'Resource Utilization')).toContainText(/\d+\.\d%/);
  for (const label of ['Total Visits', 'Patient Satisfaction', 'Resource Utilization']) {
    await expect(card(page, label)).toContainText(/[+−]\d+\.\d% from last week/);
  }
  // The figures are the server's: the same numbers the API gives the Viewer.
  const api = await page.request.get('/api/analytics-overview/overview?period=week');
  const { analytics } = await api.json();
  await expect(card(page, 'Total Visits')).toContainText(String(analytics.totalVisits.value));

  await page.getByText('Month', { exact: true }).click();
  await expect(card(page, 'Total Visits')).toContainText(/from last month/);
  await expect(page.getByRole('link', { name: 'Open Analytics Dashboard' })).toBeVisible();
  await expectAccessible(page);
});

test('/analytics shows the widget and the charts of the last 30 days, each with a table view and a CSV download', async ({ page }) => {
  await signIn(page, 'viewer@demo.clinic');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(card(page, 'Total Visits')).toContainText(/from last week/);

  for (const title of ['Visits per day', 'Median wait by urgency', 'Triage level mix', 'Busiest hours', 'Top chief complaints']) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  // Table view: the rows behind the chart.
  const complaints = page.getByRole('region', { name: 'Top chief complaints' });
  await complaints.getByText('Table', { exact: true }).click();
  const table = complaints.getByRole('table', { name: 'Top chief complaints' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table).toContainText('Sore throat');

  // The CSV the download link names is that chart's rows.
  const href = await complaints.getByRole('link', { name: 'Download Top chief complaints as CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await csv.text()).split('\r\n')[0]).toBe('Chief complaint,Visits');

  const perDay = page.getByRole('region', { name: 'Visits per day' });
  await perDay.getByText('Table', { exact: true }).click();
  await expect(perDay.getByRole('table', { name: 'Visits per day' }).getByRole('row')).toHaveCount(31);
  await expectAccessible(page, { contrastCheckedByEye: [CHART_TEXT] });
});

test('the date range narrows the charts to the days chosen', async ({ page }) => {
  await signIn(page, 'manager@demo.clinic');
  await page.goto('/analytics');
  const perDay = page.getByRole('region', { name: 'Visits per day' });
  await perDay.getByText('Table', { exact: true }).click();
  await expect(perDay.getByRole('table').getByRole('row')).toHaveCount(31);
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(day(10));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(day(4));
  await page.getByRole('button', { name: 'Apply' }).click();
  // Seven days, plus the header row.
  await expect(perDay.getByRole('table').getByRole('row')).toHaveCount(8);
  await expect(perDay.getByRole('table')).toContainText(day(4));
});

test('Complete Care records the final priority and the rating, from the Visit Outcome of an entry in care', async ({ page }) => {
  await signIn(page, 'doctor@demo.clinic');
  await page.goto('/cds-queue');
  const inCare = page.getByRole('region', { name: /^In Care \(\d+\)$/ });
  const card = inCare.getByRole('article').first();
  const titleId = await card.getAttribute('aria-labelledby');
  const name = ((await page.locator(`[id="${titleId}"]`).textContent()) ?? '').trim();
  await card.getByRole('button', { name: 'View Details' }).click();
  const modal = page.getByRole('dialog', { name });
  const outcome = modal.getByRole('region', { name: 'Visit Outcome' });
  await expect(outcome.getByText(/^AI urgency: /)).toBeVisible();
  await outcome.getByRole('combobox', { name: 'Final priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await outcome.getByRole('combobox', { name: 'Patient rating' }).click();
  await page.getByRole('option', { name: '5 of 5' }).click();
  await expect(modal.getByText('Loading history...')).toBeHidden();
  await expectAccessible(page);

  const done = page.waitForRequest((r) => /\/complete$/.test(new URL(r.url()).pathname));
  await modal.getByRole('button', { name: 'Complete Care' }).click();
  expect((await done).postDataJSON()).toEqual({ finalPriority: 'high', rating: 5 });
  await expect(modal).toBeHidden();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});
