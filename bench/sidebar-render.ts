/**
 * The sidebar's first render of a plan, in headless Chromium: the real dist/Sidebar.html served by
 * the local emulator (its google.script.run answered in-process), timed from navigation start until
 * the last phase is on screen, and until the live panel is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { parsePlan } from '../src/core';
import { findChromium, launchBrowser } from '../src/node/browser/chromium';
import { startServer } from '../src/node/server/main';
import { PLAN_LOCATION, cellReference } from '../src/apps-script/plan-location';
import { median } from './figures';

declare global {
  interface Window {
    __renderShown?: (mark: keyof RenderMarks, at: number) => void;
  }
}

/** Milliseconds from navigation start: the checklist on screen, and (the sidebar) its live panel. */
export interface RenderMarks {
  shown: number;
  /** The sidebar's panel drawn in place of its first paint (sidebar/src/first-paint.ts): what a person can use. */
  ready?: number;
}

/**
 * When the heading `heading` (a `.section-title` starting with it) is on screen: the first task after the frame that
 * first holds it has been laid out and painted. A callback at the start of every frame looks for the heading (which a
 * MutationObserver notes when it arrives), so that the mark is queued before anything the page itself queues after
 * that frame: a page that starts more work then (the sidebar runs its script after its first paint) does not delay
 * the mark of what is already on screen. The sidebar and the plain page are timed the same way. With `untilReady`,
 * it also marks the first frame whose heading is in the live panel (not in the inert first paint). The page calls a
 * binding, so that nothing polls it from outside (a getByRole query polled over 1,300 buttons would also time the
 * test tool's own work on the page).
 */
export async function whenShown(page: Page, heading: string, untilReady = false): Promise<() => Promise<RenderMarks>> {
  const marks: Partial<RenderMarks> = {};
  let settle: () => void = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  await page.exposeFunction('__renderShown', (mark: keyof RenderMarks, at: number) => {
    marks[mark] = at;
    if (marks.shown !== undefined && (!untilReady || marks.ready !== undefined)) settle();
  });
  await page.addInitScript(
    ({ heading, untilReady }: { heading: string; untilReady: boolean }) => {
      const headed = (titles: Element[]) => titles.some((title) => title.textContent?.startsWith(heading));
      let arrived = false;
      let live = false;
      const observer = new MutationObserver(() => {
        arrived ||= headed([...document.querySelectorAll('.section-title')]);
        live = headed([...document.querySelectorAll('#app main:not([inert]) .section-title')]);
        if (arrived && (live || !untilReady)) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
      let shownMarked = false;
      const eachFrame = () => {
        const mark = (name: keyof RenderMarks) => setTimeout(() => window.__renderShown?.(name, performance.now()));
        if (arrived && !shownMarked) {
          shownMarked = true;
          mark('shown');
        }
        if (untilReady && live) mark('ready');
        else if (!shownMarked || untilReady) requestAnimationFrame(eachFrame);
      };
      requestAnimationFrame(eachFrame);
    },
    { heading, untilReady },
  );
  return async () => {
    await withTimeout(done, 30_000);
    return marks as RenderMarks;
  };
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
      /** The median first render (RenderMarks.shown). */
      milliseconds: number;
      /** The median time until the panel is ready (RenderMarks.ready). */
      readyMilliseconds: number;
      runs: number;
      browserVersion: string;
    }
  | { ok: false; reason: string };

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
    const samples: RenderMarks[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const page = await browser.newPage();
      const marks = await whenShown(page, `Phase ${lastPhase}:`, true);
      await page.goto(`${server.url}/sidebar`);
      const measured = await marks();
      if (i > 0) samples.push(measured); // the first load warms the browser's caches
      await page.close();
    }
    return {
      ok: true,
      milliseconds: median(samples.map(({ shown }) => shown)),
      readyMilliseconds: median(samples.map(({ ready }) => ready!)),
      runs,
      browserVersion: browser.browser()?.version() ?? 'unknown',
    };
  } finally {
    await browser.dispose();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
