/**
 * The sidebar shows the plan's checklist before its script has run (sidebar/src/first-paint.ts, drawn by
 * sidebar/src/page-start.ts from what showPlanSidebar sent), and the panel then takes its place with the same
 * phases and rows, without moving them.
 */
import type { BrowserContext } from 'playwright-core';
import { openSidebar, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

declare global {
  interface Window {
    __firstPaint?: FirstPaintSeen;
    __owned?: boolean;
    __skeleton?: (element: Element) => string;
  }
}

/** An element's tree of tags and classes, without text or other attributes (a function's source, for the page). */
const SKELETON = `function skeleton(element) {
  const name = [element.localName, ...element.classList].join('.');
  const children = [...element.children].map(skeleton).join(' ');
  return children ? name + '(' + children + ')' : name;
}`;

interface RowSeen {
  className: string;
  step: string;
  title: string;
  height: number;
  /** Only the row's line: no details (a date, a note, a claim) below it. */
  lineOnly: boolean;
  /** Its elements and their classes, `li.task.task-todo(div.task-line(…))`. */
  skeleton: string;
}

interface FirstPaintSeen {
  /** Whether the page's script had run (it lends its modules first thing) when the first paint arrived. */
  scriptHadRun: boolean;
  /** The same, in the animation frame that drew it: nothing else runs between that callback and the paint. */
  scriptHadRunAtFrame?: boolean;
  stillShownAtFrame?: boolean;
  inert: boolean;
  phases: string[];
  /** The first phase heading's elements and classes. */
  heading: string;
  rows: RowSeen[];
}

/** Records, in every page of the context, the first paint as it arrives and whether a frame drew it. */
async function recordFirstPaint(context: BrowserContext): Promise<void> {
  await context.addInitScript(`window.__skeleton = ${SKELETON}`);
  await context.addInitScript(() => {
    const rowsOf = (root: Element) =>
      [...root.querySelectorAll('.task')].map((row) => ({
        className: row.className.replace(/ open$/, ''),
        step: row.querySelector('.task-row')!.textContent!,
        title: row.querySelector('.task-title')!.textContent!,
        height: row.getBoundingClientRect().height,
        lineOnly: row.children.length === 1,
        skeleton: window.__skeleton!(row),
      }));
    const observer = new MutationObserver(() => {
      const shown = document.querySelector('#app > main[inert]');
      if (!shown || window.__firstPaint) return;
      observer.disconnect();
      const seen: FirstPaintSeen = {
        scriptHadRun: '__sheetPlanShared' in window,
        inert: shown.hasAttribute('inert') && shown.getAttribute('aria-hidden') === 'true',
        phases: [...shown.querySelectorAll('.section-toggle')].map((toggle) => toggle.textContent!),
        heading: window.__skeleton!(shown.querySelector('.section-heading')!),
        rows: rowsOf(shown),
      };
      window.__firstPaint = seen;
      requestAnimationFrame(() => {
        seen.scriptHadRunAtFrame = '__sheetPlanShared' in window;
        seen.stillShownAtFrame = document.querySelector('#app > main[inert]') === shown;
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const PLAN = `# Plan: Quarter close

Goal: Close the quarter in Ledger!A1:F200

### Phase 1: Gather
- [x] 1.1 Export the ledger ✅ 2026-11-20
- [-] 1.2 Ask for the bank CSV — the feed has it

### Phase 2: Reconcile
- [/] 2.1 Match totals in Ledger!A1:F200
- [!] 2.2 Check the FX rates — please look at EUR
- [ ] 2.3 Post the adjustments
- [ ] 2.4 Write <img src=x onerror="window.__owned = true"> in Summary!B3

## Later
- [ ] Archive the working tabs
`;

test('the checklist is drawn before the script runs; then the panel shows its phases and rows in place', async () => {
  const server = await startServer(PLAN);
  await recordFirstPaint(browser());
  const { page } = await openSidebar(browser(), server);
  const first = (await page.evaluate(() => window.__firstPaint))!;

  // Drawn by a frame of its own before the page's script had run, and not to be clicked or read out meanwhile.
  expect(first).toMatchObject({
    scriptHadRun: false,
    scriptHadRunAtFrame: false,
    stillShownAtFrame: true,
    inert: true,
  });

  // The panel's phases, with the same names and counts; a finished phase closed in both.
  const phases = await page.locator('.phase .section-toggle').allTextContents();
  expect(phases).toEqual(['Phase 1: Gather2/2', 'Phase 2: Reconcile0/4', 'Later0/1']);
  expect(first.phases).toEqual(phases);

  // The same rows of the open phases, in the same order, with the same status; a row without details keeps its
  // height. (The panel keeps a closed phase's rows, hidden; the first paint has none.)
  const rows = await page.locator('#app').evaluate((app) =>
    [...app.querySelectorAll('.task')]
      .filter((row) => !row.closest('[hidden]'))
      .map((row) => ({
        className: row.className.replace(/ open$/, ''),
        step: row.querySelector('.task-row')!.textContent!,
        title: row.querySelector('.task-title')!.textContent!,
        height: row.getBoundingClientRect().height,
        lineOnly: row.children.length === 1,
        skeleton: window.__skeleton!(row),
      })),
  );
  expect(rows.map(({ step }) => step)).toEqual(['2.1', '2.2', '2.3', '2.4', '3.1']);
  expect(first.rows.map(({ className, step, title }) => ({ className, step, title }))).toEqual(
    rows.map(({ className, step, title }) => ({ className, step, title })),
  );
  const plainRows = rows.filter((row) => row.lineOnly && !/\w+!\w+/.test(row.title)); // a range is a link
  expect(plainRows.map(({ step }) => step)).toEqual(['2.3', '3.1']);
  for (const row of plainRows) {
    const drawnFirst = first.rows.find(({ step }) => step === row.step)!;
    expect([drawnFirst.skeleton, drawnFirst.height]).toEqual([row.skeleton, row.height]);
  }
  await expect(
    page
      .locator('.phase .section-heading')
      .first()
      .evaluate((heading) => window.__skeleton!(heading)),
  ).resolves.toBe(first.heading);

  // A title is text in both: the markup in 2.4 never became an element.
  expect(first.rows[3].title).toBe('Write <img src=x onerror="window.__owned = true"> in Summary!B3');
  await expect(page.evaluate(() => window.__owned)).resolves.toBeUndefined();
});

test('a plan without tasks is not drawn first: the panel, which says so, comes at once', async () => {
  const server = await startServer('# Plan: Not yet\n\nGoal: Decide what to do\n');
  await recordFirstPaint(browser());
  const { page } = await openSidebar(browser(), server, { waitFor: '.empty-note' });
  await expect(page.locator('.empty-note').textContent()).resolves.toBe('This plan has no tasks yet.');
  await expect(page.evaluate(() => window.__firstPaint)).resolves.toBeUndefined();
});
