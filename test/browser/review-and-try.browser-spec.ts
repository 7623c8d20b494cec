import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testToken } from '../setup/auth';
import { problemsOf, screenshot, startHarness, type Harness } from './console-harness';

/**
 * The curation loop in the console: three users reformulate "wiki" to "confluence", discovery proposes the pair,
 * a curator looks at what approving it would change, approves it, and then sees it used in Try it.
 */
describe('console: review queue and Try it', () => {
  let h: Harness;
  const admin = testToken('ada', ['admin']);
  const curator = testToken('carol', ['curator']);

  beforeAll(async () => {
    h = await startHarness();
    for (const user of ['u1', 'u2', 'u3']) {
      const token = testToken(user, ['user']);
      for (const query of ['wiki outage', 'confluence outage']) {
        const res = await h.api('POST', '/expand', token, { query, domain: 'it', session_id: `s-${user}` });
        expect(res.status).toBe(200);
      }
    }
    // expansion events are written in batches (every 0.5 s): discovery reads them from the database, so it runs
    // until it has seen all six (a run that finds too few users proposes nothing and changes nothing)
    let run = await h.api<{ ran: boolean; created: number; events_scanned: number }>('POST', '/admin/discovery/run', admin);
    for (let i = 0; i < 5 && run.body.events_scanned < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      run = await h.api('POST', '/admin/discovery/run', admin);
    }
    expect(run.body).toMatchObject({ ran: true, created: 1, events_scanned: 6 });
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  }, 30_000);

  it('a curator approves a discovered suggestion after seeing its simulated impact, then sees it in Try it', async () => {
    const page = await h.open(curator, 'review');
    const table = page.getByTestId('suggestions-table');
    const row = table.getByRole('row', { name: /wiki → confluence/ });
    await expect(row.textContent()).resolves.toContain('reformulation');
    await expect(row.textContent()).resolves.toContain('pending');
    await row.getByRole('checkbox').check();
    await page.getByLabel(/^Reason/).fill('three users reformulated wiki to confluence');

    // Approve waits until the impact of this selection has been shown
    await expect(page.getByRole('button', { name: 'Approve' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'What would change' }).click();
    const impact = page.getByTestId('impact-panel');
    await impact.waitFor();
    const impactText = (await impact.textContent()) ?? '';
    expect(impactText).toMatch(/^.*1 of \d+ recorded queries would answer differently/);
    expect(impactText).toContain('wiki outage');
    await expect(impact.locator('ins').first().textContent()).resolves.toContain('confluence');
    await screenshot(page, 'review-queue');

    await page.getByRole('button', { name: 'Approve' }).click();
    const result = page.getByTestId('review-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain('1 of 1 synonym(s) moved to active');
    const listed = await h.api<{ synonyms: { term: string; synonym: string; status: string }[] }>('GET', '/synonyms?term=wiki&domain=it', curator);
    expect(listed.body.synonyms).toEqual([expect.objectContaining({ term: 'wiki', synonym: 'confluence', status: 'active' })]);

    await page.getByRole('link', { name: 'Try it' }).click();
    await page.getByLabel('Query', { exact: true }).fill('wiki outage');
    await page.getByLabel('Domain', { exact: true }).fill('it');
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByTestId('expand-answer').waitFor();
    const results = await page.getByTestId('expand-result').allTextContents();
    expect(results.some((r) => r.includes('confluence outage') && r.includes('wiki → confluence (catalogue)'))).toBe(true);

    // the rating button sends feedback for that result
    const used = page.getByTestId('expand-result').filter({ hasText: 'wiki → confluence (catalogue)' }).first();
    await used.getByRole('button', { name: /^Helpful/ }).click();
    await expect(used.getByRole('status').textContent()).resolves.toMatch(/rated helpful.*1 catalogue/);
    await screenshot(page, 'try-it');
    expect(problemsOf(page)).toEqual([]);
  }, 120_000);

  it('a signed-out user goes back to the token screen when the API answers 401', async () => {
    const page = await h.open(curator, 'try');
    // the token expires while the page is open (beyond the service's 30 s clock tolerance)
    const expired = testToken('carol', ['curator'], -60);
    await page.evaluate(`sessionStorage.setItem('qes.console.token', ${JSON.stringify(expired)})`);
    await page.getByLabel('Query', { exact: true }).fill('wiki outage');
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByLabel('Bearer token').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('You were signed out: TOKEN_EXPIRED');
    await expect(page.evaluate('sessionStorage.length')).resolves.toBe(0);
  }, 60_000);
});
