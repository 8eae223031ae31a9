/**
 * The local server's google.script.run, in Chromium: each call carries the page's secret, and at most
 * ten run at once per page, later ones waiting for a free spot, as Google documents.
 */
import type { Route } from 'playwright-core';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { framesDrawn, openSidebar, useBrowser, useLocalServer } from './harness';

/** Waits until `count()` reaches `expected`; fails after five seconds. */
async function reaches(count: () => number, expected: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (count() < expected) {
    if (Date.now() > deadline) throw new Error(`Only ${count()} of ${expected} calls arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const browser = useBrowser();
const server = useLocalServer({ perFile: true });

test('at most 10 google.script.run calls of a page run at once; the 11th and 12th wait for a free spot', async () => {
  const { page } = await openSidebar(browser(), server());
  const held: Route[] = [];
  const secrets = new Set<string | undefined>();
  await page.route('**/gas/run', async (route) => {
    const call = route.request().postDataJSON() as { functionName: string };
    if (call.functionName !== 'getProgress') return route.continue();
    secrets.add(route.request().headers()[SECRET_HEADER]);
    held.push(route);
  });
  await page.evaluate(() => {
    const run = (window as unknown as { google: { script: { run: Record<string, () => void> } } }).google.script.run;
    for (let call = 0; call < 12; call++) run.getProgress();
  });
  await reaches(() => held.length, 10);
  await framesDrawn(page); // the page has run what the twelve calls queued: an eleventh request would be held by now
  expect(held.length).toBe(10);
  await held[0].continue();
  await reaches(() => held.length, 11);
  expect(held.length).toBe(11);
  await held[1].continue();
  await reaches(() => held.length, 12);
  expect(held.length).toBe(12);
  for (const route of held.slice(2)) await route.continue();
  expect([...secrets]).toEqual([server().secret]);
});
