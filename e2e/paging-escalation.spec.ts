import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support';

/** A message no other test uses, so assertions cannot match another page. */
const uniqueMessage = () => `Resus 2: no output on the monitor ${Date.now().toString(36)}`;

interface Override {
  from: string;
  to: string;
  primaryMemberId: string;
  backupMemberId: string | null;
}
interface Rota {
  role: string;
  shifts: unknown[];
  overrides: Override[];
}

/** A day `days` from today as YYYY-MM-DD (UTC): yesterday to tomorrow is "today" on any clinic's clock. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function okJson<T>(answer: Promise<{ ok(): boolean; status(): number; json(): Promise<unknown> }>): Promise<T> {
  const res = await answer;
  expect(res.ok(), `status ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const putRota = (request: APIRequestContext, rota: Rota) =>
  okJson(request.put('/api/paging/on-call', { data: { role: rota.role, shifts: rota.shifts, overrides: rota.overrides } }));

test('an emergency page nobody acknowledges escalates to the backup on call, who sees it in their inbox with the escalation', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);

  // An Admin sets the emergency timeout to one minute and puts, for today, Daniel Diaz on call as
  // Doctor with Maya Mendes (the Manager) as his backup, whatever the time of day the test runs at.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.clinic');
  const { request } = admin;
  const { settings } = await okJson<{ settings: { paging: { timeoutMinutes: { emergency: number } } } }>(
    request.get('/api/organizations/settings'),
  );
  const emergencyTimeout = settings.paging.timeoutMinutes.emergency;
  const { rotas } = await okJson<{ rotas: Rota[] }>(request.get('/api/paging/on-call'));
  const doctorRota = rotas.find((r) => r.role === 'Doctor');
  expect(doctorRota, 'the demo clinic has a Doctor rota').toBeDefined();
  const { recipients } = await okJson<{ recipients: Array<{ memberId: string; name: string }> }>(request.get('/api/paging/recipients'));
  const memberId = (name: string) => recipients.find((r) => r.name === name)!.memberId;
  const doctor = memberId('Daniel Diaz');
  const manager = memberId('Maya Mendes');

  let pageId: string | null = null;
  try {
    await okJson(request.put('/api/organizations/settings', { data: { paging: { timeoutMinutes: { emergency: 1 } } } }));
    await putRota(request, {
      ...doctorRota!,
      overrides: [...doctorRota!.overrides, { from: dayFromToday(-1), to: dayFromToday(1), primaryMemberId: doctor, backupMemberId: manager }],
    });

    // A nurse pages the Doctor on call, emergency.
    await signIn(page, 'nurse@demo.clinic');
    await page.goto('/paging');
    await page.getByRole('button', { name: 'New Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a page' });
    await expect(dialog.getByLabel('Role on call')).toHaveValue('Doctor');
    await expect(dialog.getByText('On call now: Daniel Diaz')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Emergency' }).check();
    const message = uniqueMessage();
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByRole('button', { name: 'Send Page' }).click();
    await expect(page.getByText('Page sent to Daniel Diaz')).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    const sentRow = page.getByRole('row').filter({ hasText: message });
    await expect(sentRow).toContainText('Emergency');
    pageId = await sentRow.getAttribute('data-page-id');

    // Nobody acknowledges it. The backup's inbox has nothing of it until the timeout passes, then the
    // escalation brings it there (refreshed live, no reload).
    const managerContext = await browser.newContext();
    const backup = await managerContext.newPage();
    await signIn(backup, 'manager@demo.clinic');
    await backup.goto('/paging');
    const inbox = backup.getByRole('table', { name: 'My pages' });
    const inboxRow = inbox.getByRole('row').filter({ hasText: message });
    await expect(inbox.or(backup.getByText('No pages for you'))).toBeVisible();
    await expect(inboxRow).toHaveCount(0);
    await expect(inboxRow).toBeVisible({ timeout: 100_000 });
    await expect(inboxRow).toHaveAttribute('data-status', 'escalated');
    await expect(inboxRow).toContainText('Escalated (level 1)');
    await expect(backup.getByRole('button', { name: `Acknowledge page: ${message}` })).toBeVisible();

    // The timeline says who it was sent to and to whom it escalated.
    await backup.getByRole('button', { name: `Timeline of the page: ${message}` }).click();
    const timeline = backup.getByRole('dialog', { name: 'Page timeline' });
    await expect(timeline.getByText('Sent to Daniel Diaz', { exact: true })).toBeVisible();
    await expect(timeline.getByText('Escalated to Maya Mendes (Level 1)', { exact: true })).toBeVisible();
    await managerContext.close();

    // The nurse sees it escalated in the history too.
    await expect(sentRow).toContainText('Escalated (level 1)');
  } finally {
    // Leave the demo clinic as the other specs know it: the page closed, the rota and the timeout restored.
    if (pageId) await request.post(`/api/paging/${pageId}/cancel`, { data: { reason: 'End of the escalation test' } });
    await putRota(request, doctorRota!);
    await okJson(request.put('/api/organizations/settings', { data: { paging: { timeoutMinutes: { emergency: emergencyTimeout } } } }));
    await adminContext.close();
  }
});
