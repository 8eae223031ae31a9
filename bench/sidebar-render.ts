/**
 * The sidebar's first render of a plan, in headless Chromium: the real dist/Sidebar.html served by
 * the local emulator (its google.script.run answered in-process), timed from navigation start until
 * the last phase is on screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
 * nothing polls the page while it renders. The sidebar and the plain page are timed the same way.
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
      /** The page at `comparedWith`, loaded beside each of the sidebar's loads (median): see measureSidebarRender. */
      comparedMilliseconds?: number;
      runs: number;
      browserVersion: string;
    }
  | { ok: false; reason: string };

/** From navigation start until the page at `url` says it is on screen (`__renderShown`). */
async function timeLoad(
  browser: BrowserContext,
  url: string,
  before?: (page: Page) => Promise<unknown>,
): Promise<number> {
  const page = await browser.newPage();
  try {
    const shown = await whenShown(page);
    await before?.(page);
    await page.goto(url);
    return await shown();
  } finally {
    await page.close();
  }
}

/**
 * The sidebar's first render (median of `runs` loads, after one that warms the browser's caches). `comparedWith`, a
 * page that calls `__renderShown` itself, is loaded beside each of the sidebar's loads in the same browser: the two are
 * timed in turn, so that a change in the machine's load (other work on its two cores) reaches both alike.
 */
export async function measureSidebarRender(
  distDir: string,
  markdown: string,
  runs = 5,
  comparedWith?: string,
): Promise<RenderMeasure> {
  try {
    findChromium();
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const lastPhase = parsePlan(markdown).phases.at(-1)!.number;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheet-plan-bench-'));
  const server = await startServer({ port: 0, stateFile: path.join(dir, 'spreadsheet.json'), distDir });
  server.spreadsheet.setCellText(cellReference(PLAN_LOCATION.planCell), markdown);
  const browser = await launchBrowser();
  try {
    const samples: number[] = [];
    const compared: number[] = [];
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
    const sidebarLoad = () => timeLoad(browser, `${server.url}/sidebar`, noteShown);
    const comparedLoad = async () => (comparedWith === undefined ? undefined : timeLoad(browser, comparedWith));
    for (let i = 0; i < runs + 1; i++) {
      // Each goes first every other round: what a page leaves behind as it closes falls on both alike.
      const comparedFirst = i % 2 === 1;
      const before = comparedFirst ? await comparedLoad() : undefined;
      const elapsed = await sidebarLoad();
      const other = comparedFirst ? before : await comparedLoad();
      if (i === 0) continue; // the first loads warm the browser's caches
      samples.push(elapsed);
      if (other !== undefined) compared.push(other);
    }
    return {
      ok: true,
      milliseconds: median(samples),
      ...(compared.length ? { comparedMilliseconds: median(compared) } : {}),
      runs,
      browserVersion: browser.browser()?.version() ?? 'unknown',
    };
  } finally {
    await browser.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
