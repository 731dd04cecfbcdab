import { expectAccessible } from './accessibility';
import { expect, signIn, test } from './support';

/** A message no other test uses, so assertions cannot match another page. */
const uniqueMessage = () => `Bay ${Math.floor(Math.random() * 900 + 100)}: please review the ECG ${Date.now().toString(36)}`;

/**
 * Records in `window.alerts` what a page's alert does beyond the screen: the browser notifications
 * it shows and the audio contexts its tone opens, the real APIs still behind them.
 */
function recordAlerts() {
  const NativeNotification = window.Notification;
  const NativeAudio = window.AudioContext;
  const record = { desktopNotifications: [] as string[], alertTones: 0 };
  Object.assign(window, { alerts: record });
  window.Notification = class extends NativeNotification {
    constructor(title: string, options?: NotificationOptions) {
      record.desktopNotifications.push(`${title}: ${options?.body ?? ''}`);
      super(title, options);
    }
  };
  window.AudioContext = class extends NativeAudio {
    constructor(options?: AudioContextOptions) {
      record.alertTones++;
      super(options);
    }
  };
}
type Alerts = { alerts: { desktopNotifications: string[]; alertTones: number } };

test('a nurse pages the doctor on call from a queue card; the doctor sees the badge and the notification within 2 s and acknowledges; the nurse sees it acknowledged', async ({
  page,
  browser,
}) => {
  // The doctor is signed in first, with desktop notifications allowed: the page must reach an open app.
  const doctorContext = await browser.newContext({ permissions: ['notifications'] });
  await doctorContext.addInitScript(recordAlerts);
  const doctor = await doctorContext.newPage();
  await signIn(doctor, 'doctor@demo.clinic');
  const badge = doctor.getByRole('banner').getByRole('button', { name: /^Pages, \d+ open$/ });
  await expect(badge).toBeVisible();
  const openBefore = Number((await badge.getAttribute('aria-label'))?.match(/\d+/)?.[0]);

  await signIn(page, 'nurse@demo.clinic');
  await page.goto('/queue');
  await expect(page.getByRole('heading', { name: 'Queue Manager (Clinical Decision Support System)' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Page about / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Send a page' });
  await expect(dialog.getByLabel('Role on call')).toHaveValue('Doctor');
  await expect(dialog.getByText('On call now: Daniel Diaz')).toBeVisible();
  const message = uniqueMessage();
  await dialog.getByRole('radio', { name: 'Urgent' }).check();
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('button', { name: 'Send Page' }).click();
  await expect(page.getByText('Page sent to Daniel Diaz')).toBeVisible();

  // Within 2 s of the confirmed send: the count, the on-screen notification and the browser's.
  await expect(doctor.getByRole('banner').getByRole('button', { name: `Pages, ${openBefore + 1} open` })).toBeVisible({ timeout: 2000 });
  await expect(doctor.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 2000 });
  await expect(doctor.getByRole('alert').filter({ hasText: message })).toContainText('Urgent page from Nora Nguyen');
  await expect
    .poll(() => doctor.evaluate(() => (window as unknown as Alerts).alerts), { timeout: 2000 })
    .toEqual({ desktopNotifications: [`Urgent page from Nora Nguyen: ${message}`], alertTones: 1 });

  await doctor
    .getByRole('banner')
    .getByRole('button', { name: `Pages, ${openBefore + 1} open` })
    .click();
  const inbox = doctor.getByRole('dialog', { name: 'Open pages' });
  await expect(inbox.getByRole('listitem').filter({ hasText: message })).toContainText('From ');
  await expect(inbox.getByRole('button', { name: 'Enable desktop notifications' })).toHaveCount(0);
  // Axe cannot tell the popover's white from the cards it floats over; its texts are the house's grey and black on white.
  await expectAccessible(doctor, {
    where: 'the pager inbox',
    include: '[role="dialog"]',
    contrastCheckedByEye: [{ selector: '[role="dialog"] li p', why: 'gray.7 and black text on the white popover, over the page cards' }],
  });
  await inbox.getByRole('button', { name: `Acknowledge page: ${message}` }).click();
  await expect(inbox.getByRole('button', { name: `Acknowledge page: ${message}` })).toHaveCount(0);
  await expect(doctor.getByRole('banner').getByRole('button', { name: `Pages, ${openBefore} open` })).toBeVisible();
  await inbox.getByRole('link', { name: 'Open paging' }).click();
  await expect(doctor.getByRole('heading', { name: 'Paging', level: 1 })).toBeVisible();
  await expectAccessible(doctor, { where: 'the paging inbox' });
  await doctor.getByRole('button', { name: /^Account menu/ }).click();
  await expect(doctor.getByRole('menuitem', { name: `Pages, ${openBefore} open` })).toHaveAttribute('href', '/paging');
  await doctorContext.close();

  await page.goto('/paging?tab=history');
  const row = page.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText('Acknowledged by Daniel Diaz');
});

test('a Manager sees and edits the on-call rotas; a Viewer has no Paging', async ({ page, browser }) => {
  await signIn(page, 'manager@demo.clinic');
  await page.goto('/paging?tab=on-call');
  const doctors = page.getByRole('region', { name: 'Doctor' });
  await expect(doctors.getByText(/^On call now: Daniel Diaz, backup /)).toBeVisible();
  await expect(doctors.getByRole('table', { name: 'Doctor weekly shifts' })).toBeVisible();
  await expectAccessible(page, { where: 'the on-call rotas' });
  await doctors.getByRole('button', { name: 'Edit Doctor rota' }).click();
  await expect(doctors.getByRole('button', { name: 'Save Rota' })).toBeVisible();
  await doctors.getByRole('button', { name: 'Cancel' }).click();

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, 'viewer@demo.clinic');
  await expect(viewer.getByRole('navigation').getByRole('link', { name: 'Paging' })).toHaveCount(0);
  await expect(viewer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(viewer.getByRole('banner').getByRole('button', { name: /^Pages/ })).toHaveCount(0);
  await viewerContext.close();
});
