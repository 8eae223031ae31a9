/**
 * The relay's URL contract, pure (no worker or Node APIs) so that the sidebar and the CLI can use it too.
 *
 * A web app's URL is `https://script.google.com/<path>/exec`, where `<path>` is `macros/s/<ID>` or, on a Google
 * Workspace domain, `a/macros/<domain>/s/<ID>`. Its relay MCP URL is `<relay origin>/<path>/mcp`, and the agent's key
 * goes in `Authorization: Bearer <key>`; the relay forwards to `<upstream origin>/<path>/exec?key=<key>`.
 */

/** Where the relay sends a deployment's calls unless the UPSTREAM_ORIGIN variable says otherwise. */
export const DEFAULT_UPSTREAM_ORIGIN = 'https://script.google.com';

/** The path of an OAuth connector's MCP endpoint: the deployment comes from the grant, not the URL. */
export const OAUTH_MCP_PATH = '/mcp';

const DEPLOYMENT = String.raw`(macros/s/[A-Za-z0-9_-]+|a/macros/[A-Za-z0-9.-]+/s/[A-Za-z0-9_-]+)`;
const EXEC_PATH = new RegExp(`^/${DEPLOYMENT}/exec$`);
const MCP_PATH = new RegExp(`^/${DEPLOYMENT}/mcp$`);

/** `macros/s/<ID>` (or the Workspace form) of a relay MCP path such as `/macros/s/<ID>/mcp`; null for any other. */
export function deploymentOfMcpPath(pathname: string): string | null {
  return MCP_PATH.exec(pathname)?.[1] ?? null;
}

/** `macros/s/<ID>` (or the Workspace form) of a web app path such as `/macros/s/<ID>/exec`; null for any other. */
export function deploymentOfExecPath(pathname: string): string | null {
  return EXEC_PATH.exec(pathname)?.[1] ?? null;
}

const withoutTrailingSlash = (origin: string) => origin.replace(/\/+$/, '');

/**
 * The relay MCP URL of a web app: `relayMcpUrl('https://relay.example', 'https://script.google.com/macros/s/X/exec')`
 * is `https://relay.example/macros/s/X/mcp`. A `?key=` on the web app URL is dropped: the key travels as the bearer.
 */
export function relayMcpUrl(relayOrigin: string, webAppUrl: string): string {
  const deployment = deploymentOfExecPath(new URL(webAppUrl).pathname);
  if (!deployment)
    throw new Error(
      `${new URL(webAppUrl).pathname} is not a web app path: expected /macros/s/<ID>/exec or ` +
        '/a/macros/<domain>/s/<ID>/exec',
    );
  return `${withoutTrailingSlash(new URL(relayOrigin).origin)}/${deployment}/mcp`;
}

/** The web app URL the relay calls for a deployment, with the agent's key. */
export function webAppExecUrl(upstreamOrigin: string, deployment: string, key: string): string {
  return `${withoutTrailingSlash(upstreamOrigin)}/${deployment}/exec?key=${encodeURIComponent(key)}`;
}

/** An agent URL as the sidebar makes it, read: its deployment and key. */
export interface AgentUrl {
  deployment: string;
  key: string;
}

/**
 * Reads the agent URL a person pastes (`<upstream origin>/macros/s/<ID>/exec?key=…`); answers why not, in words, for
 * anything else. Only the upstream origin is accepted, so that the relay cannot be pointed at another host.
 */
export function readAgentUrl(text: string, upstreamOrigin: string): AgentUrl | { problem: string } {
  const expected = `${withoutTrailingSlash(upstreamOrigin)}/macros/s/<ID>/exec?key=…`;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: `That is not a URL. Paste the agent URL the sidebar made: ${expected}` };
  }
  if (url.origin !== new URL(upstreamOrigin).origin)
    return { problem: `That URL is on ${url.origin}; this relay serves ${new URL(upstreamOrigin).origin} only.` };
  const deployment = deploymentOfExecPath(url.pathname);
  if (!deployment) return { problem: `That URL does not name a web app. Expected ${expected}` };
  const key = url.searchParams.get('key');
  if (!key) return { problem: `That URL has no key. The sidebar's agent URL ends in ?key=…` };
  return { deployment, key };
}
