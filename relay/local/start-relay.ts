/**
 * The relay run in workerd on this machine, through Miniflare's Node API (the same runtime Cloudflare deploys):
 * `npm run relay` (./main.ts) and the relay's tests. The worker is bundled with esbuild from relay/src first, as
 * wrangler would; its OAuth grants live in an in-memory KV namespace that ends with the run.
 */
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';

/** The date of workerd features the worker relies on (the same as relay/wrangler.toml's). */
export const COMPATIBILITY_DATE = '2026-04-01';

/** The repository's root, from src (jest) or build/ (the CLI). */
function repositoryRoot(): string {
  for (let folder = __dirname; folder !== path.dirname(folder); folder = path.dirname(folder))
    if (existsSync(path.join(folder, 'relay/src/index.ts'))) return folder;
  throw new Error(`relay/src/index.ts not found above ${__dirname}`);
}

/** The worker as one ES module, bundled as wrangler bundles it for workerd. */
export async function bundleRelayWorker(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(repositoryRoot(), 'relay/src/index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    external: ['cloudflare:*'],
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/**
 * The OAuth library warns at every start that CIMD clients are off: they need the `global_fetch_strictly_public`
 * flag, which would also send the relay's fetches to 127.0.0.1 out to the internet. Off is what the relay wants.
 */
const EXPECTED_WARNING = /^CIMD \(Client ID Metadata Document\) is disabled/;

/** The worker's console lines on stderr, but for the expected warning: `npm run relay` prints one line itself. */
function printRuntimeOutput(stdout: Readable, stderr: Readable): void {
  for (const stream of [stdout, stderr])
    createInterface({ input: stream }).on('line', (line) => {
      if (!EXPECTED_WARNING.test(line)) process.stderr.write(`${line}\n`);
    });
}

export interface RelayOptions {
  /** 0 for any free port. */
  port: number;
  /** Where the web apps are: `http://127.0.0.1:<port>` for `npm start`'s. */
  upstreamOrigin: string;
  /** Every fetch the worker makes goes through this instead of the network (tests drop one). */
  outboundService?: (request: Request) => Promise<Response>;
}

export interface RunningRelay {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  const miniflare = new Miniflare({
    modules: [{ type: 'ESModule', path: 'relay.js', contents: await bundleRelayWorker() }],
    compatibilityDate: COMPATIBILITY_DATE,
    kvNamespaces: ['OAUTH_KV'],
    bindings: { UPSTREAM_ORIGIN: options.upstreamOrigin },
    host: '127.0.0.1',
    port: options.port,
    handleRuntimeStdio: printRuntimeOutput,
    ...(options.outboundService ? { outboundService: options.outboundService as never } : {}),
  });
  const url = await miniflare.ready;
  return { origin: url.origin, close: () => miniflare.dispose() };
}
