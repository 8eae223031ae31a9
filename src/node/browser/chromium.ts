/**
 * A real headless Chromium for the browser tests and the benchmarks, driven by playwright-core
 * (which downloads no browser: it uses one installed on the machine).
 *
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the build Playwright itself runs headless) comes
 * first: the full browser in its headless mode still builds browser UI, a WebUI renderer of its own (the omnibox
 * popup) for every browser context, and so spent 1.4 s of CPU per sidebar page opened where the shell spends 0.4 s
 * (Chromium 156; the browser tests took 168 s of CPU instead of 80).
 */
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** The names looked for on the PATH, in order. */
const COMMAND_NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser'];

const USUAL_LOCATIONS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROME_PATH, then Chromium's headless shell or Chromium on the PATH, then the usual install locations. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is ${fromEnv}, which is not an executable file`);
  }
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of COMMAND_NAMES) {
    const onPath = dirs.map((dir) => path.join(dir, name)).find(isExecutable);
    if (onPath) return onPath;
  }
  const found = USUAL_LOCATIONS.find(isExecutable);
  if (found) return found;
  throw new Error(
    'The browser tests need Chromium or Chrome and found none. Install it (Debian/Ubuntu: ' +
      '`apt-get update && apt-get install -y chromium-headless-shell`, or `chromium`) or set CHROME_PATH to a Chrome ' +
      'or Chromium binary.',
  );
}

/** Headless, quiet (no updates, sync or background traffic) and without a sandbox (containers have none). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A window about as large as a laptop's Sheets tab, sidebar included. */
export const BROWSER_VIEWPORT = { width: 1280, height: 900 };

/** A headless Chromium with a fresh profile; close() also removes the profile. */
export async function launchBrowser(): Promise<BrowserContext & { dispose(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sheet-plan-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    viewport: BROWSER_VIEWPORT,
    args: CHROMIUM_ARGS,
  });
  return Object.assign(context, {
    async dispose() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  });
}
