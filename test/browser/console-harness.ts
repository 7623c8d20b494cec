import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_SECRET } from '../setup/auth';
import { freePort } from '../setup/servers';
import { startServiceProcess, type ServiceProcess } from '../setup/service-process';

/**
 * The console's browser tests: the built service (`npm run build`: dist/main.js and dist/console) on a fresh SQLite
 * folder, and Debian's Chromium driven by playwright-core (no browser download). CHROMIUM_PATH overrides
 * /usr/bin/chromium. Screenshots go to test-artifacts/browser/.
 */
export const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'browser');

export interface Harness {
  service: ServiceProcess;
  browser: Browser;
  dataDir: string;
  /** POST/GET/PUT on the API with a token, answering status, headers and parsed body */
  api: <T = unknown>(method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; headers: Headers; body: T }>;
  /** a new 1280×800 page signed in with `token` through the token screen, at #/<page> */
  open: (token: string, page: string, viewport?: { width: number; height: number }) => Promise<Page>;
  close: () => Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qes-console-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  const service = await startServiceProcess(
    await freePort(),
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      DB_TYPE: 'sqlite',
      DB_PATH: join(dataDir, 'db.sqlite'),
      IMPORT_DIR: join(dataDir, 'imports'),
      EXPORT_DIR: join(dataDir, 'exports'),
      WORDNET: 'off',
    },
    true,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // as root in a container, without reaching out to Google's services from a closed network
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  const api: Harness['api'] = async (method, path, token, body, headers = {}) => {
    const res = await fetch(`${service.base}/query-expansion${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as never };
  };

  const open: Harness['open'] = async (token, pageId, viewport = { width: 1280, height: 800 }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) problems.push(`CSP: ${m.text()}`);
    });
    (page as Page & { problems?: string[] }).problems = problems;
    await page.goto(`${service.base}/console/#/${pageId}`);
    await page.getByLabel('Bearer token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signed-in-as').waitFor();
    return page;
  };

  return {
    service,
    browser,
    dataDir,
    api,
    open,
    close: async () => {
      await browser.close();
      service.child.kill('SIGTERM');
      await service.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Errors the page raised and CSP refusals it logged since it was opened. */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Waits until the console shows the page of this title (navigation re-renders after the hash changes), and only it. */
export async function expectPage(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor({ timeout: 10_000 });
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([title]);
}
