import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testToken } from '../setup/auth';
import { expectPage, problemsOf, screenshot, startHarness, type Harness } from './console-harness';

interface Entry {
  id: number;
  term: string;
  synonym: string;
  confidence: number;
  notes: string | null;
  version: number;
}

/** Form controls and buttons on the page without an accessible name (label, aria-label, aria-labelledby or text). */
const UNLABELLED_CONTROLS = `[...document.querySelectorAll('input, select, textarea, button')]
  .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby') && !(el.tagName === 'BUTTON' && el.textContent.trim()))
  .map((el) => el.outerHTML.slice(0, 120))`;

/** Catalogue editing with a conflict, what each role sees, and the analyst's report charts. */
describe('console: catalogue, roles and analytics', () => {
  let h: Harness;
  let entry: Entry;
  const admin = testToken('ada', ['admin']);
  const curator = testToken('carol', ['curator']);
  const otherCurator = testToken('cyril', ['curator']);
  const analyst = testToken('ann', ['analyst']);
  const user = testToken('uma', ['user']);
  // seeded traffic: 6 expansions by two users, 4 rated (ratings 5, 4, 2, 5)
  const SEEDED = 6;
  /** seeded expansions that answered at least one alternative (at the service's defaults) */
  let successful = 0;

  beforeAll(async () => {
    h = await startHarness();
    const created = await h.api<{ synonym_id: number }>('POST', '/synonyms', curator, { term: 'laptop', synonym: 'notebook', domain: 'technical', confidence: 0.8 });
    expect(created.status).toBe(200);
    entry = (await h.api<Entry>('GET', `/synonyms/${created.body.synonym_id}`, curator)).body;
    const ids: string[] = [];
    for (const [i, query] of ['laptop keeps crashing', 'VPN password reset', 'expense report approval', 'PTO request', 'vendor onboarding', 'printer on floor 3'].entries()) {
      const res = await h.api<{ expansion_id: string; expanded_queries: unknown[] }>('POST', '/expand', testToken(i % 2 ? 'u2' : 'u1', ['user']), { query, domain: i < 3 ? 'technical' : 'business', user_role: i % 2 ? 'manager' : 'developer' });
      expect(res.status).toBe(200);
      ids.push(res.body.expansion_id);
      if (res.body.expanded_queries.length > 0) successful++;
    }
    for (const [i, rating] of [5, 4, 2, 5].entries()) {
      const res = await h.api('POST', '/feedback', testToken(i % 2 ? 'u2' : 'u1', ['user']), { expansion_id: ids[i], was_helpful: rating >= 4, rating });
      expect(res.status).toBe(200);
    }
    // events are written in batches (every 0.5 s); the report reads them from the database
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  }, 30_000);

  it('an edit conflict shows both versions, and re-applying saves on the new version with its history', async () => {
    const page = await h.open(curator, 'catalogue');
    await page.getByRole('button', { name: `Open ${entry.term} → ${entry.synonym} (id ${entry.id})` }).click();
    const form = page.getByTestId('edit-form');
    await form.waitFor();
    await form.getByLabel('Notes').fill('notebook is the EU wording');
    await form.getByLabel(/^Reason/).fill('clarify for EU offices');

    // another curator changes the entry meanwhile
    const other = await h.api<{ version: number }>('PUT', `/synonyms/${entry.id}`, otherCurator, { confidence: 0.61, reason: 'lower after ratings', version: entry.version });
    expect(other.status).toBe(200);

    await form.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByTestId('conflict-panel');
    await conflict.waitFor();
    const text = (await conflict.textContent()) ?? '';
    expect(text).toContain(`now version ${entry.version + 1}`);
    const confidenceRow = conflict.getByRole('row', { name: /^confidence/ });
    await expect(confidenceRow.textContent()).resolves.toMatch(/0\.61/);
    await expect(confidenceRow.getAttribute('class')).resolves.toContain('differs');
    const notesRow = conflict.getByRole('row', { name: /^notes/ });
    await expect(notesRow.textContent()).resolves.toContain('notebook is the EU wording');
    await screenshot(page, 'catalogue-conflict');

    await conflict.getByRole('button', { name: /^Re-apply my changes/ }).click();
    await conflict.waitFor({ state: 'detached' });
    const saved = await h.api<Entry>('GET', `/synonyms/${entry.id}`, curator);
    expect(saved.body).toMatchObject({ notes: 'notebook is the EU wording', confidence: 0.61, version: entry.version + 2 });

    // the list opened with the entry already shows its older history; the page refetches it after the save, so
    // wait for the newest entry to come first rather than reading the list once
    const history = page.getByTestId('history-list');
    await history.getByTestId('history-entry').first().filter({ hasText: 'clarify for EU offices' }).waitFor({ timeout: 10_000 });
    await expect(history.getByTestId('history-entry').first().textContent()).resolves.toContain('clarify for EU offices');
    await expect(history.textContent()).resolves.toContain('lower after ratings');
    await screenshot(page, 'catalogue');
    expect(problemsOf(page)).toEqual([]);
  }, 120_000);

  it('a user without the curator role sees no edit controls and no curator pages', async () => {
    const page = await h.open(user, 'catalogue');
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents()).resolves.toEqual(['Catalogue', 'Try it']);
    await page.getByTestId('catalogue-table').getByRole('row').nth(1).waitFor();
    await expect(page.getByRole('button', { name: /^Open / }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: `View ${entry.term} → ${entry.synonym} (id ${entry.id})` }).click();
    await page.getByTestId('entry-panel').waitFor();
    await expect(page.getByTestId('edit-form').count()).resolves.toBe(0);
    await expect(page.getByTestId('history-list').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Delete/ }).count()).resolves.toBe(0);
    await page.getByText('Propose an entry').click();
    await expect(page.getByTestId('create-form').getByRole('button', { name: 'Propose' }).count()).resolves.toBe(1);
    // a page the role may not use opens the first one it may
    await page.goto(`${h.service.base}/console/#/admin`);
    await expectPage(page, 'Catalogue');
    await screenshot(page, 'catalogue-as-user');
  }, 60_000);

  it('an analyst sees the report charts for the seeded traffic', async () => {
    const page = await h.open(analyst, 'analytics');
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents()).resolves.toEqual(['Catalogue', 'Try it', 'Analytics']);
    const report = page.getByTestId('analytics-report');
    await report.waitFor();
    for (const id of ['chart-expansions', 'chart-satisfaction', 'chart-quality', 'chart-domains', 'chart-ratings', 'chart-roles']) {
      await expect(page.getByTestId(id).locator('canvas').count()).resolves.toBe(1);
    }
    const cards = await report.getByRole('list', { name: 'Summary' }).getByRole('listitem').allTextContents();
    expect(cards.some((c) => c === `${SEEDED}Total expansions` || c === `${SEEDED}Expansions`)).toBe(true);
    const ratings = page.getByRole('region', { name: 'Rating distribution' });
    await ratings.getByText('Data table').click();
    const rows = await ratings.getByRole('row').allTextContents();
    // ratings 5, 4, 2, 5
    expect(rows).toEqual(expect.arrayContaining(['10', '21', '30', '41', '52']));
    const perDay = page.getByRole('region', { name: 'Expansions over time' });
    await perDay.getByText('Data table').click();
    const today = new Date().toISOString().slice(0, 10);
    expect(successful).toBeGreaterThan(0);
    await expect(perDay.getByRole('row', { name: new RegExp(`^${today}`) }).textContent()).resolves.toBe(`${today}${SEEDED}${successful}`);
    // a chart's tooltip, under the console's CSP (ECharts' HTML tooltips would carry inline styles)
    const chart = page.getByTestId('chart-ratings');
    const box = await chart.boundingBox();
    if (!box) throw new Error('the ratings chart is not laid out');
    await chart.hover({ position: { x: box.width * 0.88, y: box.height * 0.6 } });
    await page.waitForTimeout(500);
    await screenshot(page, 'analytics');
    expect(problemsOf(page)).toEqual([]);
  }, 60_000);

  it('an admin imports a file and reads its result row by row, and the audit log shows the change rounded', async () => {
    const dir = join(h.dataDir, 'imports');
    mkdirSync(dir, { recursive: true });
    // row 1 imports, row 2 lacks its synonym, row 3 repeats the entry the first test made
    writeFileSync(join(dir, 'console-import.csv'), 'term,synonym,domain\npostmortem,retrospective,technical\nvendor,,business\nlaptop,notebook,technical\n');
    // another admin: the admin routes allow 10 requests a minute per user, and the next test uses ada's
    const page = await h.open(testToken('adam', ['admin']), 'admin');
    await page.getByLabel('File path (inside the import directory)').fill('console-import.csv');
    const submit = page.getByRole('button', { name: 'Import', exact: true });
    await submit.click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    await expect(submit.isEnabled()).resolves.toBe(true);
    await expect(page.getByTestId('import-errors').getByRole('row').allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/^2missing required fields: synonym/)]));
    await expect(page.getByTestId('import-warnings').getByRole('row').allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/^3.*exact_match/)]));
    const listed = await h.api<{ synonyms: { synonym: string }[] }>('GET', '/synonyms?term=postmortem', admin);
    expect(listed.body.synonyms.map((s) => s.synonym)).toEqual(['retrospective']);
    // learnt confidence of the first test's entry changed by a fraction: shown to 4 decimals
    const audit = await page.getByTestId('audit-log').textContent();
    expect(audit).not.toMatch(/\d\.\d{5,}/);
    await screenshot(page, 'admin-import');
    expect(problemsOf(page)).toEqual([]);
  }, 60_000);

  it('an admin sees every page, each without errors, every control labelled, at 1280 px and 420 px', async () => {
    const page = await h.open(admin, 'admin');
    const titles = ['Review queue', 'Catalogue', 'Try it', 'Analytics', 'Admin'];
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents()).resolves.toEqual(titles);
    await expectPage(page, 'Admin');
    await page.getByText(/audit/i).first().waitFor();
    await screenshot(page, 'admin');

    // keyboard: the first Tab reaches the skip link, which moves focus to the page without leaving it
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate('document.activeElement.id')).resolves.toBe('main');
    await expect(page.evaluate('location.hash')).resolves.toBe('#/admin');
    await expectPage(page, 'Admin');
    for (const width of [1280, 420]) {
      await page.setViewportSize({ width, height: 800 });
      for (const title of titles) {
        await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: title }).click();
        await expectPage(page, title);
        await page.waitForLoadState('networkidle');
        await expect(page.evaluate(UNLABELLED_CONTROLS)).resolves.toEqual([]);
        // nothing wider than the window but the tables, which scroll inside their own box
        await expect(page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1')).resolves.toBe(true);
      }
      await screenshot(page, `admin-${width}`);
    }
    expect(problemsOf(page)).toEqual([]);

    // signing out forgets the token
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Bearer token').waitFor();
    await expect(page.evaluate('sessionStorage.length')).resolves.toBe(0);
  }, 90_000);
});
