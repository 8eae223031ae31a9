/**
 * `npm test` runs this before jest (as build/ensure-chromium.js): the browser tests need a Chromium or
 * Chrome. It finds one as the tests do; where none is found and this is a Debian-like system run as
 * root, it installs Debian's `chromium` with apt-get; otherwise it stops the test run with what to do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

const APT_GET = '/usr/bin/apt-get';

/** What ensureChromium needs of the machine; tests pass stand-ins. */
export interface Machine {
  /** The browser's path, or an Error saying how to get one (findChromium). */
  find(): string;
  /** Whether Debian's chromium can be installed here: Linux, root, apt-get. */
  canInstall(): boolean;
  aptGet(args: string[]): void;
  log(line: string): void;
}

const THIS_MACHINE: Machine = {
  find: findChromium,
  canInstall: () => process.platform === 'linux' && process.getuid?.() === 0 && existsSync(APT_GET),
  aptGet(args) {
    const run = spawnSync(APT_GET, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit code ${run.status ?? run.signal})`);
  },
  log: (line) => console.log(line),
};

/** The browser for the tests: found, or installed with apt-get where possible; else an Error saying what to do. */
export function ensureChromium(machine: Machine = THIS_MACHINE): string {
  try {
    return machine.find();
  } catch (error) {
    // A CHROME_PATH that does not point at a browser is a mistake to report, not to install around.
    if (process.env.CHROME_PATH || !machine.canInstall()) throw error;
  }
  machine.log("No Chromium or Chrome found for the browser tests: installing Debian's chromium (apt-get)");
  machine.aptGet(['update']);
  machine.aptGet(['install', '-y', 'chromium']);
  return machine.find();
}

if (require.main === module) {
  try {
    console.log(`Browser tests: ${ensureChromium()}`);
  } catch (error) {
    console.error(`npm test: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
