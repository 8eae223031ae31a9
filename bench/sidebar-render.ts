/**
 * The sidebar's first render of a plan, in headless Chromium: the real dist/Sidebar.html served by
 * the local emulator (its google.script.run answered in-process), timed from navigation start until
 * the last phase is on screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { parsePlan } from '../src/core';
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
export async function whenShown(page: Page): Promise<() => Promise<number>> {
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
  { ok: true; milliseconds: number; runs: number; browserVersion: string } | { ok: false; reason: string };

export async function measureSidebarRender(distDir: string, markdown: string, runs = 5): Promise<RenderMeasure> {
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
    for (let i = 0; i < runs + 1; i++) {
      const page = await browser.newPage();
      const shown = await whenShown(page);
      // The page notes when the frame that first holds the last phase's heading has been laid out and painted
      // (the task after the next animation frame). Waiting for it from outside (a getByRole query polled over
      // 1,300 buttons, or any polling script) would also time the test tool's own work on the page.
      await page.addInitScript((heading: string) => {
        const shown = () =>
          [...document.querySelectorAll('.section-title')].some((title) => title.textContent?.startsWith(heading));
        new MutationObserver((_changes, observer) => {
          if (!shown()) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => window.__renderShown?.(performance.now())));
        }).observe(document, { childList: true, subtree: true });
      }, `Phase ${lastPhase}:`);
      await page.goto(`${server.url}/sidebar`);
      const elapsed = await shown();
      if (i > 0) samples.push(elapsed); // the first load warms the browser's caches
      await page.close();
    }
    samples.sort((a, b) => a - b);
    return {
      ok: true,
      milliseconds: samples[Math.floor(samples.length / 2)],
      runs,
      browserVersion: browser.browser()?.version() ?? 'unknown',
    };
  } finally {
    await browser.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
