import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Chosen once in the runner process; workers inherit the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
}
// Stand-ins for systems outside the platform (an identity provider, an EHR) listen on an address of
// this machine that is not loopback, which the server may reach as a deployment lets it reach an
// on-premise system (OUTBOUND_ALLOW). Loopback itself stays unreachable, as in production.
if (process.env.E2E_OUTSIDE_ADDRESS === undefined) {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  process.env.E2E_OUTSIDE_ADDRESS = external?.address ?? '';
}
// The stand-in DNS server (domain verification's TXT records) listens on that address at a UDP
// port chosen once here, which the server is given as its DNS_SERVERS.
if (!process.env.E2E_DNS_PORT && process.env.E2E_OUTSIDE_ADDRESS) {
  process.env.E2E_DNS_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('dgram').createSocket('udp4');s.bind(0,process.argv[1],()=>{console.log(s.address().port);s.close()})",
    process.env.E2E_OUTSIDE_ADDRESS,
  ])
    .toString()
    .trim();
}
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'clinic-e2e-'));

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // What `npm start` runs: the compiled server (built by `npm run test:e2e` before this starts;
    // the script builds whatever is missing or stale). A fresh embedded database with the demo data
    // is created in a temporary folder.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'demo-password',
      OUTBOUND_ALLOW: process.env.E2E_OUTSIDE_ADDRESS,
      DNS_SERVERS: process.env.E2E_DNS_PORT ? `${process.env.E2E_OUTSIDE_ADDRESS}:${process.env.E2E_DNS_PORT}` : '',
      // Lets several builds coexist (e.g. `vite build --outDir /tmp/x` then WEB_DIST=/tmp/x).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
