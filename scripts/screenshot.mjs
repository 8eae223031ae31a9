/**
 * `npm run screenshot`: the README's picture of the sidebar (docs/images/sidebar.png), taken from `npm start`'s page
 * on a fresh copy of the example plan, in the machine's Chromium, so the picture is what a newcomer will see.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'docs/images/sidebar.png');

/** Starts the local emulator on a free port with a state file of its own; answers its URL and how to stop it. */
async function startServer(folder) {
  const server = spawn(process.execPath, [path.join(root, 'build/cli.js'), 'start', '--port', '0'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let printed = '';
    server.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(printed);
      if (found) resolve(found[0]);
    });
    server.on('exit', (code) => reject(new Error(`the local emulator stopped (exit ${code}): ${printed}`)));
  });
  return { url, stop: () => server.kill() };
}

const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-screenshot-'));
const { url, stop } = await startServer(folder);
const { findChromium } = await import(path.join(root, 'build/ensure-chromium.js')).catch(() => ({}));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || (findChromium ? findChromium() : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, deviceScaleFactor: 1 });
  await page.goto(url);
  const sidebar = page.frameLocator('iframe').first();
  await sidebar.getByText('Waiting for you').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: output });
  console.log(`wrote ${path.relative(root, output)}`);
} finally {
  await browser.close();
  stop();
  rmSync(folder, { recursive: true, force: true });
}
