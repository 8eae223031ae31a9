/**
 * What the browser tests share: a real headless Chromium (driven by playwright-core) and the local
 * emulator server started in-process on a temporary spreadsheet file. A test file calls useBrowser()
 * (one Chromium for the file, a fresh context for each test) and useLocalServer() or useLocalServers()
 * (servers closed after each test, also when it fails).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { BROWSER_VIEWPORT, CHROMIUM_ARGS, findChromium } from '../../src/node/browser/chromium';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { startServer } from '../../src/node/server/main';
import { EXAMPLE_PLAN } from '../../src/node/server/example-plan';
import { PLAN_CELL_REFERENCE } from '../../src/apps-script/plan-location';
import { CHECK_TIMING } from '../../sidebar/src/change-watcher';

/** The plan cell, as the page and GET /api/cells name it. */
export const PLAN_CELL = PLAN_CELL_REFERENCE;

// launchBrowser starts a Chromium of its own: a test file uses useBrowser() instead (one per file).
export { findChromium, launchBrowser } from '../../src/node/browser/chromium';

/**
 * One Chromium for the test file (started before its first test, closed after its last) and, for each test, a
 * fresh browser context: no cookies, storage, routes or pages left by another test. Returns the current test's.
 * `permissions` are granted to each context (say, 'clipboard-read').
 */
export function useBrowser(options: { permissions?: string[] } = {}): () => BrowserContext {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext({ viewport: BROWSER_VIEWPORT, permissions: options.permissions });
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  return () => {
    if (!context) throw new Error('useBrowser(): a browser context exists only while a test runs');
    return context;
  };
}

/**
 * A local server seeded with `plan` (the spec's example by default), fresh for each test or, with `perFile`, one
 * for the whole file; closed after it either way. Returns the current one.
 */
export function useLocalServer(options: { plan?: string; perFile?: boolean } = {}): () => LocalServer {
  let server: LocalServer | undefined;
  (options.perFile ? beforeAll : beforeEach)(async () => {
    server = await startLocal(options.plan);
  });
  (options.perFile ? afterAll : afterEach)(async () => {
    await server?.dispose();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('useLocalServer(): the server exists only while the tests run');
    return server;
  };
}

/** For tests that each start their own server (with their own plan): every one is closed after the test. */
export function useLocalServers(): (plan?: string) => Promise<LocalServer> {
  const started: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.dispose()));
  });
  return async (plan) => {
    const server = await startLocal(plan);
    started.push(server);
    return server;
  };
}

export type LocalServer = Awaited<ReturnType<typeof startServer>> & {
  /** The plan cell, as GET /api/cells reports it. */
  planText(): Promise<string>;
  /** Types `text` into the plan cell as a person would (PUT /api/cells). */
  editCell(text: string): Promise<void>;
  /** Runs a function as the agent would, through scripts.run. */
  scriptsRun(functionName: string, parameters?: unknown[]): Promise<{ status: number; body: any }>;
  dispose(): Promise<void>;
};

/** The emulator server on a fresh spreadsheet seeded with the spec's example plan (or `plan`). */
export async function startLocal(plan: string = EXAMPLE_PLAN): Promise<LocalServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-plan-state-'));
  const server = await startServer({
    port: 0,
    stateFile: path.join(dir, 'spreadsheet.json'),
    distDir: path.resolve(__dirname, '../../dist'),
    // Explicitly off: most browser tests are not about approval (a new sheet has it on); those that are turn it on.
    settings: { approvalRequired: false },
  });
  const local: LocalServer = Object.assign(server, {
    async planText() {
      const response = await fetch(`${server.url}/api/cells`, { headers: { [SECRET_HEADER]: server.secret } });
      const cells = (await response.json()) as Record<string, string>;
      return cells[PLAN_CELL];
    },
    async editCell(text: string) {
      const response = await fetch(`${server.url}/api/cells`, {
        method: 'PUT',
        headers: { [SECRET_HEADER]: server.secret },
        body: JSON.stringify({ [PLAN_CELL]: text }),
      });
      if (!response.ok) throw new Error(`PUT /api/cells: HTTP ${response.status}`);
    },
    async scriptsRun(functionName: string, parameters: unknown[] = []) {
      const response = await fetch(`${server.url}/v1/scripts/local:run`, {
        method: 'POST',
        headers: { authorization: 'Bearer agent-token', 'content-type': 'application/json' },
        body: JSON.stringify({ function: functionName, parameters }),
      });
      return { status: response.status, body: await response.json() };
    },
    async dispose() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
  if (plan !== EXAMPLE_PLAN) await local.editCell(plan);
  return local;
}

export interface SidebarPage {
  page: Page;
  /** The google.script.run calls made since the page opened (or since the last reset), by function name. */
  calls: string[];
  /** Calls other than the change check (sidebarCheck), which polls on its own. */
  actionCalls(): string[];
  /** Messages of dialogs (alert, confirm, prompt) the page opened: there must never be any. */
  dialogs: string[];
  /**
   * With `fakeClock`: moves the page's clock on by `ms`, a second at a time, letting each request the page made
   * (a change check's round trip) finish before the next second, as real time would.
   */
  runClock(ms: number): Promise<void>;
  /**
   * Resolves once the page has nothing left to do: no request in flight, and two frames drawn after the last answer
   * (what the answer started has run). A call the page makes after what it settled on is in `calls` by then: what a
   * test asserts of the calls after it is so, without waiting a while for a call that may come.
   */
  settled(): Promise<void>;
}

/**
 * Two animation frames of the page's clock, which openSidebar fakes (Playwright's clock): every task its last event
 * queued has run (used after no request is in flight). No frame need have been laid out or painted by then: a test that
 * needs that waits for framesRendered.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Two frames rendered by the browser itself, layout and all: resolves with the second report of a ResizeObserver
 * (a first report comes with the rendering of the next frame), which openSidebar's clock does not fake as it fakes
 * requestAnimationFrame (framesDrawn's frames are that clock's). What a frame lays out only as it renders (a row
 * scrolled into view, skipped until then by content-visibility) is laid out by the second.
 */
export async function framesRendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) {
      await new Promise<void>((resolve) => {
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body);
      });
    }
  });
}

/**
 * Runs `steps` (key presses, say) while the page renders no frame, as on a loaded machine that has not drawn since
 * they began: a view transition holds the page's rendering until its update is done, and the update waits for `steps`.
 * The page runs its events meanwhile (the focus moves, scrolls into view), but what a frame lays out only as it
 * renders (rows scrolled into view, skipped until then by content-visibility) waits for the frames after.
 */
export async function withoutFrames(page: Page, steps: () => Promise<void>): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((held) => {
        const transition = document.startViewTransition(() => {
          held();
          return new Promise<void>((draw) => Object.assign(window, { drawAgain: () => (draw(), transition.finished) }));
        });
      }),
  );
  try {
    await steps();
  } finally {
    await page.evaluate(() => (window as unknown as { drawAgain: () => Promise<void> }).drawAgain());
  }
}

/** A new page that fails a step within 8 s and records (and dismisses) any dialog it opens. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; dialogs: string[] }> {
  const page = await context.newPage();
  // A step that cannot happen fails with what it waited for, well before the test's own timeout.
  page.setDefaultTimeout(8000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** Opens the sidebar (GET /sidebar runs the real showPlanSidebar) and waits until the plan shows. */
export async function openSidebar(
  context: BrowserContext,
  server: LocalServer,
  options: { waitFor?: string; fakeClock?: boolean } = {},
): Promise<SidebarPage> {
  const { page, dialogs } = await watchedPage(context);
  // The page's timers and Date on Playwright's clock. Time flows as it does without it; the test may move it on at
  // once (checkNow), and with `fakeClock` it moves it on in steps of its own (runClock).
  await page.clock.install();
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/gas/run') {
      calls.push((request.postDataJSON() as { functionName: string }).functionName);
    }
  });
  await page.goto(`${server.url}/sidebar`);
  await page
    .locator(options.waitFor ?? '.plan-title')
    .first()
    .waitFor();
  // Counted from here: the page's own loading is over. A request that started before (the approval box's load, made
  // as the page opens) is not counted when it ends either: a count below zero never came back to zero.
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  const runClock = async (ms: number) => {
    if (!options.fakeClock) throw new Error('runClock needs openSidebar(…, { fakeClock: true })');
    for (let left = ms; left > 0; left -= 1000) {
      await page.clock.runFor(Math.min(left, 1000));
      while (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const settled = async () => {
    for (;;) {
      while (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await framesDrawn(page);
      if (pending.size === 0) return;
    }
  };
  return {
    page,
    calls,
    dialogs,
    runClock,
    settled,
    actionCalls: () => calls.filter((name) => name !== 'sidebarCheck'),
  };
}

/**
 * Brings a sidebar page's (openSidebar) next change check 3 s nearer: its clock jumps the quickest wait ahead, so a
 * check due within it (as after a change, the page's load or the person's activity) runs now. For a test whose
 * subject is what the check brings in, not when. A wait grown longer while nothing changed is only shortened (not
 * jumped whole, which would move the page's clock on by up to a minute); a hidden page has no check to run.
 */
export async function checkNow(page: Page): Promise<void> {
  await page.clock.fastForward(CHECK_TIMING.quickestMs);
}

/** npm start's page (the Sheets window stand-in), once its sidebar shows the plan. */
export async function openSheetWindow(context: BrowserContext, server: LocalServer) {
  const { page, dialogs } = await watchedPage(context);
  await page.goto(server.url);
  const sidebar = page.frameLocator('#sidebar');
  await sidebar.locator('.plan-title').waitFor();
  return { page, dialogs, sidebar };
}

/**
 * Tells the page it is hidden (Page Visibility), as when the person switches tabs: its change check stops. A
 * test that makes the agent move first uses it, so that the sidebar has surely not seen that change yet.
 */
export async function setVisibility(page: Page, state: 'visible' | 'hidden'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** The task's row in the phase list. */
export function taskRow(page: Page, step: string) {
  return page.locator(`.task-list li[data-step="${step}"]`);
}

/**
 * Opens a task's actions and clicks the action button called `label`. The row's toggle is pressed with Enter, not
 * clicked: a click lands where the row was a moment before, and a row far down the page moves while the phases above
 * it that were skipped (content-visibility) are laid out as it scrolls into view, so under load the click could open
 * the row that came to lie there instead.
 */
export async function clickTaskAction(page: Page, step: string, label: string | RegExp): Promise<void> {
  const row = taskRow(page, step);
  const toggle = row.locator('.task-row');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.press('Enter');
  const action = row.getByRole('button', { name: label, exact: typeof label === 'string' });
  // A person clicks a button they see: after the frames that lay out the phases it scrolled past (content-visibility),
  // which move it. Clicked at once, the page laid them out after the click, and pushed what the click left the focus
  // on below the page (a Start's row, the focus test's "3 of 5" failures).
  await action.scrollIntoViewIfNeeded();
  await framesRendered(page);
  await action.click();
}

/** Waits until the plan cell satisfies `predicate` (the server has the change). */
export async function waitForCell(
  server: LocalServer,
  predicate: (text: string) => boolean,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await server.planText();
    if (predicate(text)) return text;
    if (Date.now() > deadline) throw new Error(`The plan cell did not change as expected; it holds:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sidebar's words for a BUSY refusal (another execution holds the plan). */
export const BUSY = 'The plan is busy: another execution is changing it. Nothing was written; try again in a moment.';

/**
 * The server function `name` refuses the next call (BUSY, as when another execution holds the plan), or the call fails
 * as google.script.run's does when it never reaches Google (`unreached`); later calls go through.
 */
export async function refuseNext(page: Page, name: string, how: 'busy' | 'unreached' = 'busy'): Promise<void> {
  let refused = false;
  await page.route('**/gas/run', async (route) => {
    if (refused || (route.request().postDataJSON() as { functionName: string }).functionName !== name)
      return route.continue();
    refused = true;
    const message = how === 'busy' ? `BUSY: ${BUSY.slice(0, -1)}` : 'NetworkError: Connection failure due to HTTP 0';
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ error: { message } }) });
  });
}

export const ARTIFACTS = path.resolve(__dirname, '../../artifacts');
