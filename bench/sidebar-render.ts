/**
 * The sidebar's first render of a plan, in headless Chromium: the real dist/Sidebar.html served by
 * the local emulator (each request runs showPlanSidebar, as opening the sidebar does), timed from
 * navigation start until the frame after the one that first holds the last phase's heading (a phase
 * below the fold is in the page then, though content-visibility may skip laying it out).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { parsePlan } from '../src/core';
import { median } from './figures';
import { findChromium, launchBrowser } from '../src/node/browser/chromium';
import { startServer } from '../src/node/server/main';
import { PLAN_LOCATION, cellReference } from '../src/apps-script/plan-location';

declare global {
  interface Window {
    __renderShown?: (at: number) => void;
  }
}

/**
 * When the page says its content is on screen (it calls `__renderShown` with its performance.now()): a binding, so that
 * nothing polls the page while it renders. The sidebar says it from an init script (noteShown), the other pages from
 * SHOWN_SCRIPT at the end of their body.
 */
async function whenShown(page: Page): Promise<() => Promise<number>> {
  let settle: (at: number) => void = () => {};
  const shown = new Promise<number>((resolve) => (settle = resolve));
  await page.exposeFunction('__renderShown', (at: number) => settle(at));
  return () => withTimeout(shown, 30_000);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The page did not say it was on screen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type RenderMeasure =
  | {
      ok: true;
      milliseconds: number;
      /** The page at `comparedWith` (median): see RenderOptions. */
      comparedMilliseconds?: number;
      /** The sidebar's markup as a static page (median): see RenderOptions. */
      staticCopyMilliseconds?: number;
      /** The same with the page's scripts as text that is read, not run (median): see RenderOptions. */
      scriptTextMilliseconds?: number;
      /** The page showPlanSidebar served, served again as it is, without the execution (median): see RenderOptions. */
      withoutExecutionMilliseconds?: number;
      runs: number;
      browserVersion: string;
    }
  | { ok: false; reason: string };

/**
 * Opens `url` in a new page (`before` prepares the page), waits until it says it is on screen (`__renderShown`), and
 * answers what `read` takes from the page then, given the time from navigation start.
 */
async function whenLoaded<T>(
  browser: BrowserContext,
  url: string,
  read: (page: Page, elapsed: number) => Promise<T>,
  before?: (page: Page) => Promise<unknown>,
): Promise<T> {
  const page = await browser.newPage();
  try {
    const shown = await whenShown(page);
    await before?.(page);
    await page.goto(url);
    return await read(page, await shown());
  } finally {
    await page.close();
  }
}

/** From navigation start until the page at `url` says it is on screen. */
function timeLoad(browser: BrowserContext, url: string, before?: (page: Page) => Promise<unknown>): Promise<number> {
  return whenLoaded(browser, url, async (_page, elapsed) => elapsed, before);
}

/** A page's own way of saying its content is on screen: the task after the next animation frame, as the sidebar's. */
export const SHOWN_SCRIPT = 'requestAnimationFrame(() => setTimeout(() => window.__renderShown(performance.now())));';

export interface RenderOptions {
  /** Loads whose median is a figure, after one round that warms the browser's caches. */
  runs?: number;
  /**
   * A page (its HTML, which calls `__renderShown` itself) timed in the same rounds as the sidebar
   * (`comparedMilliseconds`). It is served over HTTP from this machine, as the sidebar is, so that both pay a request.
   * (A data: URL pays none, but is decoded as it is read: the panel's markup at 633 tasks, 360 KB, took twice as long
   * to show so.)
   */
  comparedWith?: string;
  /**
   * Also time the sidebar's markup as it stands after its first render, served as static HTML with no script but
   * SHOWN_SCRIPT (`staticCopyMilliseconds`): what the browser alone takes to parse, style, lay out and paint that
   * markup. A floor only for pages that end with this same DOM; a leaner one could be drawn sooner. With it, two more
   * pages between that floor and the sidebar: the copy with the page's scripts in it as text the browser reads but
   * never runs (`type="text/plain"`: `scriptTextMilliseconds`), and the page as showPlanSidebar served it, saved and
   * served again without running showPlanSidebar (`withoutExecutionMilliseconds`).
   */
  staticCopy?: boolean;
}

/** The page's scripts kept as text that is never run: what reading their bytes costs the page. */
function inertScripts(page: string): string {
  return (page.match(/<script\b[^]*?<\/script>/gi) ?? [])
    .map((script) => script.replace(/^<script\b/i, '<script type="text/plain"'))
    .join('');
}

/** The sidebar's markup once it is on screen, as a static page that says when it is on screen (SHOWN_SCRIPT). */
async function staticCopyOf(
  browser: BrowserContext,
  url: string,
  noteShown: (page: Page) => Promise<unknown>,
): Promise<string> {
  const html = await whenLoaded(
    browser,
    url,
    (page) => page.evaluate(() => `<!DOCTYPE html>${document.documentElement.outerHTML}`),
    noteShown,
  );
  return html.replace(/<script\b[^]*?<\/script>/gi, '').replace('</body>', `<script>${SHOWN_SCRIPT}</script></body>`);
}

/**
 * The order of `items` in round `round`: a Williams design (a balanced Latin square), so that over one cycle (n rounds
 * for n pages, 2n when n is odd) each page comes in each place equally often and follows each other page equally
 * often: what a page leaves behind as it closes falls on each alike. Its first row is 0, 1, n−1, 2, n−2, …; each
 * further row adds 1 to every entry (mod n); for odd n the rows are then taken backwards too.
 */
function orderOfRound<T>(items: T[], round: number): T[] {
  const n = items.length;
  const cycle = round % (n % 2 ? 2 * n : n);
  const first = Array.from({ length: n }, (_, place) =>
    place === 0 ? 0 : place % 2 ? (place + 1) / 2 : n - place / 2,
  );
  const order = first.map((index) => items[(index + cycle) % n]);
  return cycle >= n ? order.reverse() : order;
}

interface Served {
  url: string;
  close(): Promise<void>;
}

/** A server on this machine that answers every request with `html`. */
async function serve(html: string): Promise<Served> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      server.closeAllConnections(); // the browser keeps its connections open
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The sidebar's first render (median of `runs` loads, after a round that warms the browser's caches). The other pages
 * (`comparedWith`, the static copy) are loaded in the same browser, in the same rounds, so that a change in the
 * machine's load (other work on its two cores) reaches each alike.
 */
export async function measureSidebarRender(
  distDir: string,
  markdown: string,
  { runs = 5, comparedWith, staticCopy = false }: RenderOptions = {},
): Promise<RenderMeasure> {
  try {
    findChromium();
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const lastPhase = parsePlan(markdown).phases.at(-1)?.number;
  if (lastPhase === undefined) return { ok: false, reason: 'the plan has no phase whose heading could be waited for' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-plan-bench-'));
  const servers: Served[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    // Approval off, as in the tables before: on a sheet that asks for approval (a new sheet's default), a plan without
    // a Status line gets the approval box above its checklist, which is not the checklist the plain page is.
    server = await startServer({
      port: 0,
      stateFile: path.join(dir, 'spreadsheet.json'),
      distDir,
      settings: { approvalRequired: false },
    });
    server.spreadsheet.setCellText(cellReference(PLAN_LOCATION.planCell), markdown);
    const context = await launchBrowser();
    browser = context;
    // The page notes when the frame that first holds the last phase's heading has been laid out and painted (the task
    // after the next animation frame). Waiting for it from outside (a getByRole query polled over 1,300 buttons, or
    // any polling script) would also time the test tool's own work on the page.
    const noteShown = (page: Page) =>
      page.addInitScript((heading: string) => {
        const shown = () =>
          [...document.querySelectorAll('.section-title')].some((title) => title.textContent?.startsWith(heading));
        new MutationObserver((_changes, observer) => {
          if (!shown()) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => window.__renderShown?.(performance.now())));
        }).observe(document, { childList: true, subtree: true });
      }, `Phase ${lastPhase}:`);
    const sidebarUrl = `${server.url}/sidebar`;
    const timed = (load: () => Promise<number>) => ({ load, samples: [] as number[] });
    const sidebar = timed(() => timeLoad(context, sidebarUrl, noteShown));
    const servedPage = async (html: string, before?: (page: Page) => Promise<unknown>) => {
      const served = await serve(html);
      servers.push(served);
      return timed(() => timeLoad(context, served.url, before));
    };
    const compared = comparedWith === undefined ? undefined : await servedPage(comparedWith);
    const markup = staticCopy ? await staticCopyOf(context, sidebarUrl, noteShown) : undefined;
    const copy = markup === undefined ? undefined : await servedPage(markup);
    const served = markup === undefined ? undefined : await (await fetch(sidebarUrl)).text();
    const scriptText =
      served === undefined || markup === undefined
        ? undefined
        : await servedPage(markup.replace(`<script>${SHOWN_SCRIPT}`, `${inertScripts(served)}<script>${SHOWN_SCRIPT}`));
    const withoutExecution = served === undefined ? undefined : await servedPage(served, noteShown);
    // Each round loads the pages in another order (orderOfRound): what a page leaves behind as it closes, and the
    // machine's other work, fall on each alike.
    const pages = [sidebar, compared, copy, scriptText, withoutExecution].filter((page) => page !== undefined);
    for (let round = 0; round < runs + 1; round++) {
      for (const page of orderOfRound(pages, round)) {
        const elapsed = await page.load();
        if (round > 0) page.samples.push(elapsed); // the first round warms the browser's caches
      }
    }
    return {
      ok: true,
      milliseconds: median(sidebar.samples),
      ...(compared ? { comparedMilliseconds: median(compared.samples) } : {}),
      ...(copy ? { staticCopyMilliseconds: median(copy.samples) } : {}),
      ...(scriptText ? { scriptTextMilliseconds: median(scriptText.samples) } : {}),
      ...(withoutExecution ? { withoutExecutionMilliseconds: median(withoutExecution.samples) } : {}),
      runs,
      browserVersion: context.browser()?.version() ?? 'unknown',
    };
  } finally {
    await Promise.all(servers.map((served) => served.close()));
    await browser?.dispose();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
