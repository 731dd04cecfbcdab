import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, test } from './support';

/** Every public page with its one heading. */
const PAGES = [
  { path: '/', h1: 'Clinic operations, from check-in to care', hero: true },
  { path: '/pricing', h1: 'Plans and Pricing', hero: true },
  { path: '/about', h1: 'About ClinicFlow', hero: true },
  { path: '/contact', h1: 'Contact Us', hero: true },
  { path: '/help', h1: 'Help Center', hero: true },
  { path: '/documentation', h1: 'Documentation', hero: true },
  { path: '/blog', h1: 'Blog', hero: true },
  { path: '/careers', h1: 'Careers', hero: true },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/terms', h1: 'Terms of Service' },
  { path: '/hipaa-notice', h1: 'HIPAA Notice of Privacy Practices' },
  { path: '/cookie-policy', h1: 'Cookie Policy' },
  { path: '/security', h1: 'Security Practices' },
  { path: '/patients/copilotmd', h1: 'CopilotMD: your AI health assistant', hero: true },
] as const;

/**
 * The hero band's heading and lead sit on a vertical gradient from blue.0 (#e7f5ff) to white, which
 * axe cannot measure. Checked against both ends: the heading (#000) is above 18:1 and the lead in
 * gray.8 (#343a40) above 10:1, well over AA's 4.5:1.
 */
const HERO_TEXT = { selector: '[class*="_hero_"] :is(h1, p)', why: 'text on the hero gradient, blue.0 to white' };
const heroExclusion = (page: (typeof PAGES)[number]) => ('hero' in page ? [HERO_TEXT] : []);

const LEGAL = ['/privacy', '/terms', '/hipaa-notice', '/cookie-policy', '/security'] as const;
const LEGAL_NAMES: Record<(typeof LEGAL)[number], string> = {
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/hipaa-notice': 'HIPAA Notice of Privacy Practices',
  '/cookie-policy': 'Cookie Policy',
  '/security': 'Security Practices',
};

async function open(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
}

test.describe('every public page', () => {
  for (const entry of PAGES) {
    const { path, h1 } = entry;
    test(`${path} has one main, one h1 "${h1}", ordered headings, the footer and no serious axe violation`, async ({ page }) => {
      await open(page, path, h1);
      await expect(page.locator('main')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveCount(1);
      // Headings never skip a level going down (h2 -> h4 would).
      const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
      levels.reduce((prev, level) => {
        expect(level, `heading levels ${levels.join(',')}`).toBeLessThanOrEqual(prev + 1);
        return level;
      });
      const footer = page.getByRole('contentinfo');
      for (const name of Object.values(LEGAL_NAMES)) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(footer.getByText('© 2024 ClinicFlow. All rights reserved.')).toBeVisible();

      await expectAccessible(page, { where: path, tags: 'all', contrastCheckedByEye: heroExclusion(entry) });
    });
  }

  for (const viewport of [
    { name: 'phone', width: 375, height: 812 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`nothing overflows horizontally and axe finds nothing serious at ${viewport.name} width (${viewport.width}px)`, async ({
      page,
    }, testInfo) => {
      // axe over every public page: a few seconds each, so the phone pass gets the slow-test allowance.
      test.slow(viewport.name === 'phone', 'axe runs on every public page');
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const entry of PAGES) {
        const { path, h1 } = entry;
        await open(page, path, h1);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(clientWidth);
        if (viewport.name === 'phone') {
          await expectAccessible(page, {
            where: `${path} at ${viewport.width}px`,
            tags: 'all',
            contrastCheckedByEye: heroExclusion(entry),
          });
        }
        if (path === '/' || path === '/pricing') {
          await testInfo.attach(`${path === '/' ? 'landing' : 'pricing'}-${viewport.name}.png`, {
            body: await page.screenshot({ fullPage: true }),
            contentType: 'image/png',
          });
        }
      }
    });
  }
});

test('the landing page shows every section, the sample figures as samples, the trial, and loads no staff code or session', async ({ page }) => {
  const scripts: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  await open(page, '/', 'Clinic operations, from check-in to care');

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of [
    ['About', '/about'],
    ['Pricing', '/pricing'],
    ['Contact', '/contact'],
    ['For Patients', '/patients/copilotmd'],
    ['Sign In', '/login'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  for (const heading of [
    'AI Symptom Triage',
    'Patient Management',
    'Analytics',
    'Self-Service Check-In Kiosk',
    'Emergency Room Kiosk',
    'Emergency Room Dashboard',
    'Visitor Management with QR Badges',
    'Organization Administration',
    'Built for HIPAA-Regulated Care',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
  }
  const main = page.getByRole('main');
  for (const href of ['/kiosk', '/emergency-kiosk', '/emergency-room', '/visitors', '/organization', '/pricing', '/contact']) {
    await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(page.getByText('Figures in the cards below are samples for illustration, not live data.')).toBeVisible();
  // Each figure is labelled "Sample" (its text content runs the label and the figure together).
  const samples = await main
    .locator('p')
    .filter({ hasText: /^Sample/ })
    .allTextContents();
  expect(samples).toEqual([
    'Sample1 active critical alert',
    'Sample85/100 average risk score',
    'Sample15+ protocols',
    'SampleVK2048 badge number',
    'Sample47 visitors today',
    'Sample3 active users',
  ]);
  await expect(page.getByText('A 30-day free trial on all plans. No credit card required, and you can cancel at any time.')).toBeVisible();

  expect(scripts.filter((s) => /StaffShell|dashboard|auth-|Pricing|Contact|Privacy|Terms/.test(s))).toEqual([]);
  expect(apiCalls).toEqual([]);
});

test('the landing page shows a visible focus ring and a skip link on the first Tab', async ({ page }) => {
  await open(page, '/', 'Clinic operations, from check-in to care');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
});

test.describe('pricing', () => {
  test('shows the three catalogue plans, Most Popular on Professional, the comparison table, the FAQ and the closing block', async ({ page }) => {
    await open(page, '/pricing', 'Plans and Pricing');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/login');

    const card = (id: string) => page.locator(`article[data-plan="${id}"]`);
    await expect(page.locator('article[data-plan]')).toHaveCount(3);
    for (const [id, name, price, limits] of [
      ['basic', 'Basic', '$499', ['Up to 25 users', '1,000 patients', '10GB storage']],
      ['professional', 'Professional', '$699', ['Up to 100 users', '10,000 patients', '100GB storage']],
      ['enterprise', 'Enterprise', '$999', ['Unlimited users', 'Unlimited patients', '1TB storage']],
    ] as const) {
      await expect(card(id).getByRole('heading', { name })).toBeVisible();
      await expect(card(id).getByText(price, { exact: true })).toBeVisible();
      await expect(card(id).getByText('/month')).toBeVisible();
      await expect(card(id).getByText('Free Trial', { exact: true })).toBeVisible();
      await expect(card(id).getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
      for (const limit of limits) await expect(card(id).getByText(limit, { exact: true })).toBeVisible();
    }
    await expect(card('professional').getByText('Most Popular')).toBeVisible();
    await expect(page.getByText('Most Popular')).toHaveCount(1);
    await expect(card('basic').getByText('Priority support')).toBeVisible();
    await expect(card('enterprise').getByText('White-label')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Feature Comparison' })).toBeVisible();
    const rows = await page
      .getByRole('table')
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent?.trim())));
    expect(rows).toEqual([
      ['Feature', 'Basic', 'Professional', 'Enterprise'],
      ['Users', '25', '100', 'Unlimited'],
      ['Patients', '1,000', '10,000', 'Unlimited'],
      ['Storage', '10GB', '100GB', '1TB'],
      ['Free Trial', '30 days', '30 days', '30 days'],
      ['Support', 'Priority', '24/7', 'Email'],
    ]);

    for (const q of ['How does the free trial work?', 'Can I change my plan later?', 'What payment methods do you accept?', 'Is my data secure?']) {
      await expect(page.getByRole('heading', { name: q })).toBeVisible();
    }
    await expect(page.getByText('No credit card is required and there is no charge for the first month.', { exact: false })).toBeVisible();
    const closing = page.getByRole('region', { name: 'Ready to get started?' });
    await expect(closing.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/login');
    await expect(closing.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  });

  test('choosing a plan while signed out lands on /login carrying the plan', async ({ page }) => {
    await open(page, '/pricing', 'Plans and Pricing');
    await page.locator('article[data-plan="enterprise"]').getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/login\?plan=enterprise$/);
  });

  test('choosing a plan while signed in goes to /billing carrying the plan', async ({ page }) => {
    const res = await page.request.post('/api/auth/sign-in', { data: { email: 'owner@demo.clinic', password: 'demo-password' } });
    expect(res.ok()).toBe(true);
    await open(page, '/pricing', 'Plans and Pricing');
    await page.locator('article[data-plan="basic"]').getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/billing\?plan=basic$/);
  });
});

test('the About page states the mission, the six values and links to Contact Sales and Sign In', async ({ page }) => {
  await open(page, '/about', 'About ClinicFlow');
  await expect(page.getByText('Our mission is to make quality care accessible through AI.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
  for (const value of ['Excellence', 'Security', 'Collaboration', 'Innovation', 'Compassion', 'Transparency']) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
});

test.describe('contact', () => {
  test.beforeEach(async ({ page }) => {
    // Record the mail client the form opens instead of opening it, with the button's state then.
    await page.addInitScript(() => {
      const w = window as unknown as { __mail: Array<{ url: string; button: string; disabled: boolean }> };
      w.__mail = [];
      window.open = (url?: string | URL) => {
        const button = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
        w.__mail.push({ url: String(url), button: button?.textContent ?? '', disabled: !!button?.disabled });
        return null;
      };
    });
    await open(page, '/contact', 'Contact Us');
  });

  test('shows the details, business hours and quick links', async ({ page }) => {
    for (const heading of ['Headquarters', 'Phone', 'Email', 'Business Hours', 'Quick Links']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Monday-Friday: 9:00 AM-6:00 PM PST')).toBeVisible();
    await expect(page.getByText('Saturday: 10:00 AM-4:00 PM PST')).toBeVisible();
    await expect(page.getByText('Sunday: Closed')).toBeVisible();
    const details = page.getByRole('complementary', { name: 'Contact details' });
    for (const [name, href] of [
      ['Pricing', '/pricing'],
      ['Help Center', '/help'],
      ['Documentation', '/documentation'],
      ['Security', '/security'],
    ]) {
      await expect(details.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('combobox', { name: 'Inquiry Type' })).toHaveValue('general');
    const options = await page
      .getByRole('combobox', { name: 'Inquiry Type' })
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([
      ['general', 'General Inquiry'],
      ['sales', 'Sales'],
      ['support', 'Technical Support'],
      ['partnership', 'Partnership'],
      ['media', 'Media/Press'],
    ]);
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute('rows', '6');
  });

  test('refuses an empty form with the required-field errors and a bad e-mail with the e-mail error', async ({ page }) => {
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expectAccessible(page, { where: 'contact', tags: 'all', contrastCheckedByEye: [HERO_TEXT] });
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('dana@');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __mail: unknown[] }).__mail)).toEqual([]);
  });

  test('with valid input opens a mailto: message holding what was typed, shows the success text and resets', async ({ page }) => {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dana Whitfield');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('dana@riverside.example');
    await page.getByRole('combobox', { name: 'Inquiry Type' }).selectOption('support');
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Kiosk setup & QR badges');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Our kiosk shows a blank screen.\nCan you help?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(
      page.getByText(
        "Thank you for your message! Your email client should have opened with a pre-filled message. Please send the email to complete your inquiry. We'll get back to you within 24 hours.",
      ),
    ).toBeVisible();
    const mail = await page.evaluate(() => (window as unknown as { __mail: Array<{ url: string; button: string; disabled: boolean }> }).__mail);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.button).toBe('Sending...');
    expect(mail[0]!.disabled).toBe(true);
    const url = mail[0]!.url;
    expect(url.startsWith('mailto:contact@clinicflow.example?')).toBe(true);
    const params = Object.fromEntries(
      url
        .slice(url.indexOf('?') + 1)
        .split('&')
        .map((p) => [p.slice(0, p.indexOf('=')), decodeURIComponent(p.slice(p.indexOf('=') + 1))]),
    );
    expect(params.subject).toBe('Contact Form: Kiosk setup & QR badges');
    for (const line of [
      'Name: Dana Whitfield',
      'Email: dana@riverside.example',
      'Company: Not provided',
      'Inquiry Type: Technical Support',
      'Subject: Kiosk setup & QR badges',
      'Our kiosk shows a blank screen.\r\nCan you help?',
    ]) {
      expect(params.body).toContain(line);
    }
    expect(params.body).toMatch(/Submitted: .+\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\)/);

    for (const name of ['Name', 'Email', 'Company', 'Subject', 'Message'])
      await expect(page.getByRole('textbox', { name, exact: true })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Inquiry Type' })).toHaveValue('general');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expectAccessible(page, { where: 'contact', tags: 'all', contrastCheckedByEye: [HERO_TEXT] });
  });
});

test('the placeholder pages say their content is coming soon', async ({ page }) => {
  for (const [path, h1] of [
    ['/help', 'Help Center'],
    ['/documentation', 'Documentation'],
    ['/blog', 'Blog'],
    ['/careers', 'Careers'],
  ]) {
    await open(page, path, h1);
    await expect(page.getByText('Content is coming soon.')).toBeVisible();
  }
});

test.describe('legal pages', () => {
  for (const path of LEGAL) {
    test(`${path} has Back to Home and links to the other legal pages at the bottom`, async ({ page }) => {
      await open(page, path, LEGAL_NAMES[path]);
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' }).first()).toHaveAttribute('href', '/');
      const related = page.getByRole('navigation', { name: 'Related policies' });
      for (const other of LEGAL.filter((p) => p !== path)) {
        await expect(related.getByRole('link', { name: LEGAL_NAMES[other], exact: true })).toHaveAttribute('href', other);
      }
      await expect(related.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    });
  }

  test('the Privacy Policy has 13 sections and the Terms of Service 19', async ({ page }) => {
    await open(page, '/privacy', 'Privacy Policy');
    await expect(
      page
        .getByRole('main')
        .locator('h2')
        .filter({ hasText: /^\d+\. / }),
    ).toHaveCount(13);
    await open(page, '/terms', 'Terms of Service');
    await expect(
      page
        .getByRole('main')
        .locator('h2')
        .filter({ hasText: /^\d+\. / }),
    ).toHaveCount(19);
  });

  test('the policies state the figures of the spec and describe the multi-factor authentication the product has', async ({ page }) => {
    const text = async (path: (typeof LEGAL)[number]) => {
      await open(page, path, LEGAL_NAMES[path]);
      return (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');
    };
    const privacy = await text('/privacy');
    for (const fact of [
      'at least 7 years',
      'no later than 60 days',
      'more than 500 people',
      'within 30 days',
      'AES-256',
      'TLS 1.2 or higher',
      'after 30 minutes of inactivity',
      'at least 18 years old',
      'authenticator app (TOTP)',
    ]) {
      expect(privacy).toContain(fact);
    }
    const terms = await text('/terms');
    for (const fact of [
      '12 months',
      'recovery time objective of 4 hours',
      'recovery point objective of 1 hour',
      'at least 18 years old',
      'call 999',
    ]) {
      expect(terms).toContain(fact);
    }
    const security = await text('/security');
    for (const fact of ['argon2id', 'httpOnly', 'row level security', 'within 24 hours', 'audit log', 'authenticator app (TOTP)']) {
      expect(security).toContain(fact);
    }
    const hipaa = await text('/hipaa-notice');
    for (const fact of ['no later than 60 days', 'more than 500 residents', 'within 30 days', 'at least 7 years']) expect(hipaa).toContain(fact);
    for (const page of [privacy, terms, security, hipaa]) {
      expect(page).not.toMatch(/multi-factor authentication is (required|enforced|enabled)/i);
    }
  });

  test('the Cookie Policy lists every cookie and storage name with its duration', async ({ page }) => {
    await open(page, '/cookie-policy', 'Cookie Policy');
    const table = page.getByRole('table', { name: 'Cookies and browser storage we use' });
    for (const name of ['auth_token', 'session_id', 'csrf_token', 'organizationId', 'theme_preference', 'language']) {
      await expect(table.getByRole('rowheader', { name, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row', { name: /theme_preference/ })).toContainText('Up to 1 year');
  });
});

test('the patient assistant page is coming soon, with a disabled button and a link to the chat, which is not found', async ({ page }) => {
  await open(page, '/patients/copilotmd', 'CopilotMD: your AI health assistant');
  await expect(page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  for (const heading of ['How it works', 'Safety and privacy']) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText('Not a replacement for professional care.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask a health question' }).click();
  await expect(page).toHaveURL(/\/patients\/copilotmd\/chat$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
