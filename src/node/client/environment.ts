/**
 * A PlanClient configured from the environment, for the MCP server, the demo and the live tests:
 *   SHEET_PLAN_ENDPOINT        root URL of the Apps Script API (default Google's)
 *   SHEET_PLAN_SCRIPT_ID       deployment id of the API executable
 *   SHEET_PLAN_ACCESS_TOKEN    an OAuth access token, or
 *   SHEET_PLAN_CLIENT_ID, SHEET_PLAN_CLIENT_SECRET, SHEET_PLAN_REFRESH_TOKEN
 *                              an OAuth client and a user's refresh token (the token is refreshed as needed)
 *   SHEET_PLAN_AGENT           the agent's name (optional): its changes and claims are its own, not `api`'s
 * The local emulator accepts any token, so none is needed for a loopback endpoint.
 */
import { OAuth2Client } from './oauth';
import { GOOGLE_ROOT_URL, PlanClient, TRANSPORT, type PlanClientOptions } from './plan-client';

export const ENVIRONMENT_VARIABLES = {
  endpoint: 'SHEET_PLAN_ENDPOINT',
  scriptId: 'SHEET_PLAN_SCRIPT_ID',
  accessToken: 'SHEET_PLAN_ACCESS_TOKEN',
  clientId: 'SHEET_PLAN_CLIENT_ID',
  clientSecret: 'SHEET_PLAN_CLIENT_SECRET',
  refreshToken: 'SHEET_PLAN_REFRESH_TOKEN',
  agent: 'SHEET_PLAN_AGENT',
} as const;

/** What the emulator is sent as a token when none is configured: it checks that there is one, not what it is. */
export const LOCAL_TOKEN = 'local-emulator';

export function isLoopback(rootUrl: string): boolean {
  try {
    const host = new URL(rootUrl).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

type Environment = Record<string, string | undefined>;

/** The credentials the environment holds: an access token, an OAuth2 client with a refresh token, or nothing. */
export function authFromEnvironment(
  env: Environment = process.env,
): Pick<PlanClientOptions, 'auth' | 'accessToken'> | null {
  const accessToken = env[ENVIRONMENT_VARIABLES.accessToken];
  if (accessToken) return { accessToken };
  const clientId = env[ENVIRONMENT_VARIABLES.clientId];
  const clientSecret = env[ENVIRONMENT_VARIABLES.clientSecret];
  const refreshToken = env[ENVIRONMENT_VARIABLES.refreshToken];
  if (clientId && clientSecret && refreshToken) {
    const auth = new OAuth2Client({ clientId, clientSecret, transporterOptions: TRANSPORT });
    auth.setCredentials({ refresh_token: refreshToken });
    return { auth };
  }
  if (clientId || clientSecret || refreshToken) {
    throw new Error(
      `${ENVIRONMENT_VARIABLES.clientId}, ${ENVIRONMENT_VARIABLES.clientSecret} and ` +
        `${ENVIRONMENT_VARIABLES.refreshToken} go together; one or two of them are set`,
    );
  }
  return null;
}

export interface ClientSettings {
  /** Root URL; the environment's, else Google's. */
  endpoint?: string;
  /** Deployment id; the environment's, else an error (or `local` for a loopback endpoint). */
  scriptId?: string;
}

/** A PlanClient from explicit settings (command-line options) and the environment. */
export function clientFromEnvironment(settings: ClientSettings = {}, env: Environment = process.env): PlanClient {
  const rootUrl = settings.endpoint ?? env[ENVIRONMENT_VARIABLES.endpoint] ?? GOOGLE_ROOT_URL;
  const local = isLoopback(rootUrl);
  const scriptId = settings.scriptId ?? env[ENVIRONMENT_VARIABLES.scriptId] ?? (local ? 'local' : undefined);
  if (!scriptId) {
    throw new Error(
      `No deployment id: pass --script-id or set ${ENVIRONMENT_VARIABLES.scriptId} (Deploy > Manage deployments > ` +
        `API executable; see docs/agents.md)`,
    );
  }
  const auth = authFromEnvironment(env) ?? (local ? { accessToken: LOCAL_TOKEN } : null);
  if (!auth) {
    throw new Error(
      `No credentials for ${rootUrl}: set ${ENVIRONMENT_VARIABLES.accessToken}, or ` +
        `${ENVIRONMENT_VARIABLES.clientId}, ${ENVIRONMENT_VARIABLES.clientSecret} and ` +
        `${ENVIRONMENT_VARIABLES.refreshToken} (see docs/agents.md)`,
    );
  }
  const agent = env[ENVIRONMENT_VARIABLES.agent];
  return new PlanClient({ scriptId, rootUrl, ...auth, ...(agent ? { agent } : {}) });
}
