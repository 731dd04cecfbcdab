/**
 * What the person sees, measured in Chromium through Playwright on a slow phone-like setup: the CPU
 * slowed 4x (`Emulation.setCPUThrottlingRate`) and Lighthouse's "Slow 4G" network
 * (`Network.emulateNetworkConditions`, values below). web-vitals (its attribution build, which adds
 * the LCP element and the phases of each figure) is injected before the page's own scripts and
 * reports every change (`reportAllChanges`):
 * - Largest Contentful Paint of the landing page `/`, cold: a new browser context (empty cache, no cookies);
 * - LCP of `/dashboard` signed in as the demo nurse: the sign-in through the /login form runs
 *   unthrottled, then the page goes to about:blank, the HTTP cache is cleared, the throttling
 *   switched on and `/dashboard` loaded anew (as when a signed-in person opens the app in a new tab);
 * - Interaction to Next Paint of "Start Care" on the staff Queue Manager (`/queue`): a kiosk check-in
 *   through the API, `/queue` loaded throttled, that entry's Start Care clicked; INP is read once the
 *   "Care session started" banner shows, after a stubbed `visibilitychange` to hidden has made
 *   web-vitals report what it holds.
 * LCP is the last candidate reported before any input, once none has come for 3 s after `load`.
 *
 * Each figure is the median of BENCH_VITALS_RUNS (3) runs, each in a new context. The server is the
 * built app as `npm start` runs it (`node scripts/start.mjs`) on a new embedded data folder with the
 * demo data; when the build is missing or older than its sources the benchmark runs `npm run build`
 * first (hold `flock /tmp/e2e.lock` around the benchmark, as around any build or Chromium run). Chromium is /usr/bin/chromium (or CHROMIUM_PATH) with e2e's
 * launch flags and viewport (Desktop Chrome, 1280x720). BENCH_VITALS_TRACE=<folder> writes a
 * Chromium performance trace of each run there, to open in DevTools' Performance panel.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import { printGoals, printMachineLoad, type Goal } from './goals.js';
import { startHttp2Front } from './h2-front.js';
import { freePort, sleep } from './server-process.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Number(process.env.BENCH_VITALS_RUNS ?? 3);
const traceDir = process.env.BENCH_VITALS_TRACE;
const PASSWORD = 'demo-password';
const NURSE = 'nurse@demo.clinic';

/**
 * Lighthouse's "Slow 4G" (`mobileSlow4G` in lighthouse core/config/constants.js: 150 ms RTT,
 * 1.6 Mbps down, 750 Kbps up) as its DevTools throttling applies it (core/lib/emulation.js): the
 * latency times 3.75 and the throughputs times 0.9 (DEVTOOLS_RTT_ADJUSTMENT_FACTOR and
 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR), in bytes per second. Chrome DevTools' own "Slow 4G" preset
 * uses the same factors (with 1000 rather than 1024 per kilobit).
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75, // 562.5 ms
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8), // 1474.56 Kbps
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8), // 675 Kbps
};
const CPU_SLOWDOWN = 4;

/** Chromium as e2e launches it (playwright.config.ts). */
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: '--no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic'.split(
    ' ',
  ),
};

/** One LCP or INP report, with the attribution's phases (ms). */
interface Report {
  value: number;
  target?: string;
  url?: string;
  phases: Record<string, number>;
}

interface VitalsWindow {
  webVitals: {
    onLCP: (cb: (m: { value: number; attribution: Record<string, unknown> }) => void, o: object) => void;
    onINP: (cb: (m: { value: number; attribution: Record<string, unknown> }) => void, o: object) => void;
    onFCP: (cb: (m: { value: number }) => void) => void;
  };
  __vitals: { lcp: Report[]; inp: Report[]; fcp?: number };
}

/**
 * Runs in the page before its scripts (after web-vitals): keeps every report on `window.__vitals`.
 * Playwright sends its source text, so it holds no named inner function (tsx would wrap those in a
 * helper the page does not have).
 */
function recordVitals() {
  const w = window as unknown as VitalsWindow;
  const store: VitalsWindow['__vitals'] = { lcp: [], inp: [] };
  w.__vitals = store;
  w.webVitals.onLCP(
    ({ value, attribution: a }) =>
      store.lcp.push({
        value,
        target: a.target as string | undefined,
        url: a.url as string | undefined,
        phases: {
          timeToFirstByte: Number(a.timeToFirstByte),
          resourceLoadDelay: Number(a.resourceLoadDelay),
          resourceLoadDuration: Number(a.resourceLoadDuration),
          elementRenderDelay: Number(a.elementRenderDelay),
        },
      }),
    { reportAllChanges: true },
  );
  w.webVitals.onINP(
    ({ value, attribution: a }) =>
      store.inp.push({
        value,
        target: a.interactionTarget as string | undefined,
        phases: {
          inputDelay: Number(a.inputDelay),
          processingDuration: Number(a.processingDuration),
          presentationDelay: Number(a.presentationDelay),
        },
      }),
    { reportAllChanges: true, durationThreshold: 16 },
  );
  w.webVitals.onFCP((m) => (store.fcp = m.value));
}

/** The built app as `npm start` runs it, on a new embedded data folder with the demo data. */
async function startApp(dataDir: string): Promise<{ baseURL: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_PASSWORD: PASSWORD },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://localhost:${port}`;
  const began = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`);
    if (
      await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseURL, child };
    if (performance.now() - began > 120_000) {
      child.kill('SIGKILL');
      throw new Error('the server was not healthy within 120 s');
    }
    await sleep(100);
  }
}

/** One measured page: a new context with web-vitals, and the throttling switch for its page. */
async function openPage(browser: Browser, baseURL: string, webVitalsFile: string) {
  // The HTTP/2 front's certificate is self-signed.
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL, ignoreHTTPSErrors: baseURL.startsWith('https:') });
  // Playwright runs each init script in a scope of its own: the library's `var webVitals` is made global by hand.
  await context.addInitScript({ content: `${readFileSync(webVitalsFile, 'utf8')}\n;window.webVitals = webVitals;` });
  await context.addInitScript(recordVitals);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = async () => {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  };
  return { context, page, throttle };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** An LCP with the page's First Contentful Paint and the protocols its resources came over. */
type Lcp = Report & { fcp: number; protocols: string[] };

const vitalsOf = (page: Page) => page.evaluate(() => (window as unknown as VitalsWindow).__vitals);

/** Waits for `load`, then until no LCP candidate came for 3 s (60 s at most); returns the last. */
async function settledLcp(page: Page): Promise<Lcp> {
  await page.waitForLoadState('load', { timeout: 120_000 });
  let seen = -1;
  for (let i = 0; i < 20; i += 1) {
    await sleep(3_000);
    const count = (await vitalsOf(page)).lcp.length;
    if (count > 0 && count === seen) break;
    seen = count;
  }
  const vitals = await vitalsOf(page);
  const last = vitals.lcp.at(-1);
  if (!last) throw new Error(`no LCP reported on ${page.url()}`);
  const protocols = await page.evaluate(() => [
    ...new Set(performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming).nextHopProtocol)),
  ]);
  return { ...last, fcp: vitals.fcp ?? NaN, protocols };
}

/** Starts a Chromium performance trace of `page` when BENCH_VITALS_TRACE is set; returns the stop. */
async function trace(browser: Browser, page: Page, name: string) {
  if (!traceDir) return async () => {};
  mkdirSync(traceDir, { recursive: true });
  await browser.startTracing(page, { path: join(traceDir, `${name}.json`), screenshots: true });
  return async () => void (await browser.stopTracing());
}

async function landing(browser: Browser, baseURL: string, file: string, run: number) {
  const { context, page, throttle } = await openPage(browser, baseURL, file);
  try {
    await throttle();
    const stop = await trace(browser, page, `landing-${run}`);
    await page.goto('/', { timeout: 120_000 });
    const lcp = await settledLcp(page);
    await stop();
    return lcp;
  } finally {
    await context.close();
  }
}

async function dashboard(browser: Browser, baseURL: string, file: string, run: number) {
  const { context, page, throttle } = await openPage(browser, baseURL, file);
  try {
    await signIn(page, NURSE);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // From an empty page, as in a new tab: the signed-in page's own work would delay the navigation.
    await page.goto('about:blank');
    await throttle();
    const stop = await trace(browser, page, `dashboard-${run}`);
    await page.goto('/dashboard', { timeout: 120_000 });
    const lcp = await settledLcp(page);
    await stop();
    return lcp;
  } finally {
    await context.close();
  }
}

async function startCare(browser: Browser, baseURL: string, file: string, run: number): Promise<Report> {
  const { context, page, throttle } = await openPage(browser, baseURL, file);
  try {
    await signIn(page, NURSE);
    const last = `Vitals${run}${Date.now()}`;
    const checkIn = await page.request.post('/api/triage/case', {
      data: { firstName: 'Ina', lastName: last, chiefComplaint: 'Mild cough', age: 30 },
    });
    if (checkIn.status() !== 201) throw new Error(`kiosk check-in answered ${checkIn.status()}`);
    await throttle();
    await page.goto('/queue', { timeout: 120_000 });
    await page.getByText('Live updates on').waitFor({ timeout: 60_000 });
    const card = page.getByRole('region', { name: /^Waiting \(\d+\)$/ }).getByRole('article', { name: `Ina ${last}` });
    const button = card.getByRole('button', { name: 'Start Care' });
    await button.waitFor({ timeout: 60_000 });
    await button.scrollIntoViewIfNeeded();
    // The page idle again (no task queued by the load or the scroll), as when a person reads before clicking.
    await sleep(3_000);
    const stop = await trace(browser, page, `start-care-${run}`);
    await button.click();
    await page.getByText(/^Care session started for patient \S+ - Patient moved to care$/).waitFor({ timeout: 60_000 });
    await sleep(1_500);
    // Source text, not a function: tsx would name the getter with a helper the page does not have.
    await page.evaluate(
      "Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' }); document.dispatchEvent(new Event('visibilitychange'));",
    );
    await stop();
    const worst = (await vitalsOf(page)).inp.reduce<Report | undefined>((a, b) => (!a || b.value >= a.value ? b : a), undefined);
    if (!worst) throw new Error('no INP reported for Start Care');
    return worst;
  } finally {
    await context.close();
  }
}

const median = <T extends { value: number }>(values: T[]) => [...values].sort((a, b) => a.value - b.value)[Math.floor(values.length / 2)];
const ms = (value: number) => `${Math.round(value)} ms`;
const phases = (r: Report) =>
  Object.entries(r.phases)
    .map(([k, v]) => `${k} ${ms(v)}`)
    .join(', ');

export async function runVitalsBench(): Promise<void> {
  printMachineLoad('vitals');
  const check = spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), '--check'], { encoding: 'utf8' }).stdout.trim();
  if (check !== 'up to date') {
    console.log(`The build is missing or older than its sources (${check}): npm run build`);
    if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  }
  const webVitalsFile = join(root, 'node_modules/web-vitals/dist/web-vitals.attribution.iife.js');
  const dir = mkdtempSync(join(tmpdir(), 'clinic-vitals-'));
  const app = await startApp(join(dir, 'data'));
  const front = await startHttp2Front(app.baseURL, dir);
  const browser = await chromium.launch(LAUNCH);
  try {
    const goals: Goal[] = [];
    for (const [way, baseURL] of [
      ['directly (HTTP/1.1)', app.baseURL],
      ['behind an HTTP/2 TLS front', front.url],
    ] as const) {
      const landingRuns: Lcp[] = [];
      const dashboardRuns: Lcp[] = [];
      const inpRuns: Report[] = [];
      for (let i = 0; i < runs; i += 1) {
        landingRuns.push(await landing(browser, baseURL, webVitalsFile, i));
        dashboardRuns.push(await dashboard(browser, baseURL, webVitalsFile, i));
        inpRuns.push(await startCare(browser, baseURL, webVitalsFile, i));
      }
      const protocols = [...new Set([...landingRuns, ...dashboardRuns].flatMap((r) => r.protocols))].join(', ');
      console.log(
        `\nWeb vitals ${way}, CPU ${CPU_SLOWDOWN}x slower, Lighthouse "Slow 4G" network, ${runs} runs each (median's breakdown; protocols seen: ${protocols})`,
      );
      console.log('| What | median | runs | FCP (median) | element | breakdown |');
      console.log('|---|---:|---|---:|---|---|');
      for (const [name, r] of [
        ['LCP `/` (cold)', landingRuns],
        ['LCP `/dashboard` (signed in, cache cleared)', dashboardRuns],
      ] as const) {
        const m = median(r);
        const fcp = [...r.map((x) => x.fcp)].sort((a, b) => a - b)[Math.floor(r.length / 2)];
        console.log(
          `| ${name} | ${ms(m.value)} | ${r.map((x) => ms(x.value)).join(', ')} | ${ms(fcp)} | ${m.target ?? '-'}${m.url ? ` (${m.url})` : ''} | ${phases(m)} |`,
        );
      }
      const inp = median(inpRuns);
      console.log(
        `| INP Start Care on \`/queue\` | ${ms(inp.value)} | ${inpRuns.map((x) => ms(x.value)).join(', ')} | - | ${inp.target ?? '-'} | ${phases(inp)} |`,
      );
      goals.push(
        { what: `LCP of / ${way}`, value: median(landingRuns).value, unit: 'ms', op: '<=', target: 2500 },
        { what: `LCP of /dashboard after sign-in ${way}`, value: median(dashboardRuns).value, unit: 'ms', op: '<=', target: 2500 },
        { what: `INP of Start Care on /queue ${way}`, value: inp.value, unit: 'ms', op: '<=', target: 200 },
      );
    }
    if (traceDir) console.log(`Traces: ${traceDir}`);
    printGoals(goals);
  } finally {
    await browser.close();
    await front.close();
    app.child.kill('SIGTERM');
    await new Promise((done) => (app.child.exitCode !== null ? done(null) : app.child.once('exit', done)));
    rmSync(dir, { recursive: true, force: true });
  }
}
