/**
 * Accessibility in the browser tests: axe-core (a dev dependency, never in the sidebar's bundle) injected into the
 * page, run with the WCAG 2.2 AA rules. A violation is returned as one line a person can act on.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS } from './harness';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The page's axe-core violations of WCAG 2.2 AA, one line each (rule, what it asks, where); [] when none. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe
      .run;
    const result = (await run(document, { runOnly: { type: 'tag', values: tags } })) as { violations: unknown[] };
    return result.violations;
  }, WCAG_22_AA);
  return (violations as AxeViolation[]).map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes
        .map((node) => `${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ') ?? ''})`)
        .join('; ')}`,
  );
}

/** The sidebar at its width in Sheets: 300 px. */
export async function atSidebarWidth(page: Page, height = 900): Promise<void> {
  await page.setViewportSize({ width: 300, height });
}

const DOC_IMAGES = path.resolve(__dirname, '../../docs/images');

/**
 * With DOC_IMAGES=1 in the environment, also the small JPEG docs/sidebar.md shows (docs/images/`name`.jpg, the top
 * 560 px): `DOC_IMAGES=1 npx jest test/browser/sidebar-person-view.test.ts …` refreshes them.
 */
export async function docImage(target: Page | Locator, name: string): Promise<void> {
  if (!process.env.DOC_IMAGES) return;
  mkdirSync(DOC_IMAGES, { recursive: true });
  const file = path.join(DOC_IMAGES, `${name}.jpg`);
  if ('viewportSize' in target) {
    const width = target.viewportSize()?.width ?? 300;
    await target.screenshot({ path: file, type: 'jpeg', quality: 70, clip: { x: 0, y: 0, width, height: 560 } });
  } else {
    await target.screenshot({ path: file, type: 'jpeg', quality: 70 });
  }
}

/** A screenshot of the whole page at 300 px into artifacts/ (`name`.png); returns its path. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; doc?: boolean } = {},
): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  if (options.doc !== false) await docImage(page, name);
  if (!options.fullPage) {
    await page.screenshot({ path: file });
    return file;
  }
  // The whole page as one tall window, not Playwright's fullPage: that draws the sticky status bar mid-page.
  const size = page.viewportSize() ?? { width: 300, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path: file });
  await page.setViewportSize(size);
  return file;
}
