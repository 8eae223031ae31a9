/**
 * The sidebar's first render of a plan, in headless Chromium: the real dist/Sidebar.html served by
 * the local emulator (its google.script.run answered in-process), timed from navigation start until
 * the last phase is on screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePlan } from '../src/core';
import { findChromium, launchBrowser } from '../src/node/browser/chromium';
import { startServer } from '../src/node/server/main';
import { PLAN_LOCATION, cellReference } from '../src/apps-script/plan-location';

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
      await page.goto(`${server.url}/sidebar`);
      await page.getByRole('button', { name: new RegExp(`^Phase ${lastPhase}:`) }).waitFor({ timeout: 30_000 });
      const elapsed = await page.evaluate(() => performance.now());
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
