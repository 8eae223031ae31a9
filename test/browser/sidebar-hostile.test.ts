/**
 * Plan text is data, whoever wrote it: markup in titles, reasons, notes, questions, answers and
 * the Markdown sections shows as the characters written, and nothing in it runs.
 */
import { openSidebar, taskRow, useBrowser, useLocalServer, waitForCell } from './harness';

const HOSTILE_PLAN = `# Plan: <img src=x onerror="window.__pwned='title'"> Hostile \
<script>window.__pwned='title script'</script>

Goal: <b id="goal-injected">bold</b> [click](javascript:window.__pwned='goal')

## Analysis

- Spreadsheet: <img src=x onerror="window.__pwned='analysis'" id=analysis-injected>
- Key sheets: [js link](javascript:alert('analysis-link')), [safe link](https://example.com/docs)
- Current state: <a href="javascript:window.__pwned='raw anchor'" id=raw-anchor>raw anchor</a>

## Questions for User

- <script>window.__pwned='question'</script>Include <img src=x onerror="window.__pwned='q'"> rows?
  - Answer: <img src=x onerror="window.__pwned='answer'" id=answer-injected> yes
- Which <iframe src="javascript:window.__pwned='iframe'"></iframe> month?

### Phase 1: <svg onload="window.__pwned='phase'"></svg> Work
- [>] 1.1 <img src=x onerror="window.__pwned='task'" id=task-injected> title \
— <script>window.__pwned='reason'</script> reason
- [!] 1.2 Review <b>this</b> — <iframe srcdoc="<script>parent.__pwned='note'</script>"></iframe> note
- [-] 1.3 Skipped one — <style>body{display:none}</style> skipped
- [ ] 1.4 Plain one — <a href="javascript:window.__pwned='todo note'">todo note</a>

## Notes

<script>window.__pwned = 'notes script'</script>

<img src="x" onerror="window.__pwned='notes img'" id="notes-injected">

- [js](JaVaScRiPt:window.__pwned='notes-link') and [data](data:text/html,<script>alert(1)</script>) and [ok](https://example.com/ok)
- ![pixel](https://example.com/pixel.png)
- <details open><summary>html block</summary><p onclick="window.__pwned='click'">inner</p></details>
`;

const browser = useBrowser();
const server = useLocalServer({ plan: HOSTILE_PLAN, perFile: true });

test('hostile plan text renders as text and runs nothing', async () => {
  const { page, dialogs, settled } = await openSidebar(browser(), server());
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== server().url) foreignRequests.push(request.url());
  });
  // Let anything that could run, run: expand everything, open each task, hover links.
  const closed = page.locator('.section-toggle[aria-expanded="false"]');
  while (await closed.count()) await closed.first().click();
  for (const step of ['1.1', '1.3', '1.4']) await taskRow(page, step).locator('.task-row').click();
  await settled(); // every request answered (an image's too: its onerror has run) and two frames drawn

  // Nothing ran: no dialog, no global set, no element of the plan's markup in the page.
  expect(dialogs).toEqual([]);
  await expect(page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).resolves.toBeUndefined();
  const injected = await page
    .locator(
      '.sidebar img, .sidebar script, .sidebar iframe, .sidebar svg, .sidebar style, .sidebar b, ' +
        '.sidebar details, ' +
        '#goal-injected, #analysis-injected, #answer-injected, #task-injected, #notes-injected, #raw-anchor, ' +
        '[onerror], [onload], [onclick], [srcdoc]',
    )
    .count();
  expect(injected).toBe(0);
  const hrefs = await page.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href !== null && !/^(https:|mailto:)/.test(href))).toEqual([]);
  expect(hrefs).toContain('https://example.com/ok');
  for (const link of await page.locator('.markdown a').all()) {
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
  }
  expect(foreignRequests).toEqual([]); // the Markdown image was not fetched

  // The text is there, literally, as written.
  await expect(page.locator('.plan-title').textContent()).resolves.toBe(
    `<img src=x onerror="window.__pwned='title'"> Hostile <script>window.__pwned='title script'</script>`,
  );
  await expect(page.locator('.plan-goal').textContent()).resolves.toBe(
    `Goal <b id="goal-injected">bold</b> [click](javascript:window.__pwned='goal')`,
  );
  await expect(taskRow(page, '1.1').locator('.task-title').textContent()).resolves.toBe(
    `<img src=x onerror="window.__pwned='task'" id=task-injected> title`,
  );
  await expect(taskRow(page, '1.1').locator('.task-note').textContent()).resolves.toBe(
    `Blocked: <script>window.__pwned='reason'</script> reason`,
  );
  await expect(page.locator('.review-item[data-step="1.2"] .waiting-title').textContent()).resolves.toBe(
    'Review <b>this</b>',
  );
  await expect(page.locator('.review-item[data-step="1.2"] .agent-note').textContent()).resolves.toBe(
    `Agent: <iframe srcdoc="<script>parent.__pwned='note'</script>"></iframe> note`,
  );
  await expect(taskRow(page, '1.3').locator('.task-note').textContent()).resolves.toBe(
    'Skipped: <style>body{display:none}</style> skipped',
  );
  await expect(page.locator('.waiting .question-text').allTextContents()).resolves.toEqual([
    `Which <iframe src="javascript:window.__pwned='iframe'"></iframe> month?`,
  ]);
  const answered = page.locator('.collapsible .question-item[data-question="1"]');
  await expect(answered.locator('.question-text').textContent()).resolves.toBe(
    `<script>window.__pwned='question'</script>Include <img src=x onerror="window.__pwned='q'"> rows?`,
  );
  await expect(answered.locator('.answer').textContent()).resolves.toBe(
    `Answered: <img src=x onerror="window.__pwned='answer'" id=answer-injected> yes`,
  );
  await expect(page.locator('.phase .section-title').first().textContent()).resolves.toBe(
    `Phase 1: <svg onload="window.__pwned='phase'"></svg> Work`,
  );

  const notes = await page.locator('.markdown-section', { hasText: 'Notes' }).locator('.markdown').innerText();
  expect(notes).toContain(`<script>window.__pwned = 'notes script'</script>`);
  expect(notes).toContain(`<img src="x" onerror="window.__pwned='notes img'" id="notes-injected">`);
  expect(notes).toContain('[image: pixel]');
  expect(notes).toContain(`<p onclick="window.__pwned='click'">inner</p>`);
  const analysis = await page.locator('.markdown-section', { hasText: 'Analysis' }).locator('.markdown').innerText();
  expect(analysis).toContain(`<img src=x onerror="window.__pwned='analysis'" id=analysis-injected>`);
  expect(analysis).toContain('js link');

  // Links without a safe target keep their words but lead nowhere (no new tab, no script).
  const pagesBefore = browser().pages().length;
  await page.locator('.markdown a', { hasText: 'js link' }).click();
  await page.locator('.markdown a', { hasText: /^js$/ }).click();
  await page.locator('.markdown a', { hasText: /^data$/ }).click();
  await settled();
  expect(dialogs).toEqual([]);
  await expect(page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).resolves.toBeUndefined();
  expect(browser().pages().length).toBe(pagesBefore);
});

test('hostile text typed by the person (a reason, a comment, an answer) is stored and shown as text', async () => {
  const { page, dialogs, settled } = await openSidebar(browser(), server());
  const answer = `<img src=x onerror="window.__pwned='typed answer'">`;
  const question = page.locator('.waiting .question-item[data-question="2"]');
  await question.getByRole('button', { name: 'Answer question 2' }).click();
  await question.getByLabel('Your answer').fill(answer);
  await question.getByLabel('Your answer').press('Enter');
  const answered = page.locator('.collapsible .question-item[data-question="2"] .answer');
  await answered.waitFor();
  await expect(answered.textContent()).resolves.toBe(`Answered: ${answer}`);

  const comment = `<script>window.__pwned='comment'</script>`;
  const review = page.locator('.review-item[data-step="1.2"]');
  await review.getByLabel('Comment for the agent').fill(comment);
  await review.getByRole('button', { name: 'Request changes' }).click();
  await taskRow(page, '1.2').locator('.task-note').filter({ hasText: 'changes requested' }).waitFor();
  await expect(taskRow(page, '1.2').locator('.task-note').textContent()).resolves.toBe(`changes requested: ${comment}`);
  // The sidebar shows the change at once; the cell has it when the call's execution has written it.
  const cell = await waitForCell(server(), (text) => text.includes('changes requested'));
  expect(cell).toContain(`  - Answer: ${answer}`);
  expect(cell).toContain(`- [ ] 1.2 Review <b>this</b> — changes requested: ${comment}`);
  // The Notes line the review left is Markdown, shown as text too.
  await expect(
    page.locator('.markdown-section', { hasText: 'Notes' }).locator('.markdown').innerText(),
  ).resolves.toContain(`changes requested: ${comment}`);
  await settled();
  expect(dialogs).toEqual([]);
  await expect(page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).resolves.toBeUndefined();
  await expect(page.locator('.sidebar img, .sidebar script').count()).resolves.toBe(0);
});

test('a web link in the plan shows where it goes after its words: none passes for a range link', async () => {
  await server().editCell(
    `${HOSTILE_PLAN}\n- Totals: [Summary!B3:E15](https://sheets-google.example/s?u=1), as [the docs](https://example.com/docs)` +
      ', [docs.google.com](https://docs.google.com@evil.example/s)\n',
  );
  const { page } = await openSidebar(browser(), server());
  const notes = page.locator('.markdown-section', { hasText: 'Totals:' });
  await notes.locator('a').first().waitFor();
  const shown = await notes.locator('li', { hasText: 'Totals:' }).locator('a').allTextContents();
  // The host as the browser reads it: what comes before an @ is not where the link goes.
  expect(shown).toEqual([
    'Summary!B3:E15 (sheets-google.example)',
    'the docs (example.com)',
    'docs.google.com (evil.example)',
  ]);
  // Only the sidebar's own range links select cells; this one is a link to another site, and says so.
  await expect(notes.locator('.range-link', { hasText: 'Summary!B3:E15' }).count()).resolves.toBe(0);
});
