/**
 * GET and POST /authorize: the person's side of a cloud connector's OAuth flow. The OAuth library parses and keeps
 * the request (client, redirect URI, PKCE) and binds the form to this browser; this page adds the one thing the relay
 * needs, the agent URL, checked against the sheet before anything is granted. The URL's key is bound to the grant as
 * its props, which the library stores encrypted; it is never logged.
 */
import { AuthorizationError, type AuthRequest, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { authorizePage, escapeHtml } from './authorize-page';
import { postToWebApp, WebAppError } from '../../src/web/forwarding';
import { readAgentUrl, webAppExecUrl, type AgentUrl } from './urls';

/** What a grant carries to every MCP call: the deployment and the agent's key. */
export interface GrantProps extends AgentUrl {
  [key: string]: unknown;
}

export interface AuthorizeEnv {
  OAUTH_PROVIDER: OAuthHelpers;
  upstreamOrigin: string;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'sheet-plan-relay', version: '1' },
  },
});

/** Null when the sheet accepts the agent URL's key, else why not (the sheet's own refusal when it gave one). */
export async function agentUrlProblem(upstreamOrigin: string, agent: AgentUrl): Promise<string | null> {
  let text: string;
  try {
    text = await postToWebApp(webAppExecUrl(upstreamOrigin, agent.deployment, agent.key), INITIALIZE);
  } catch (error) {
    if (error instanceof WebAppError) return `The sheet could not be reached: ${error.message}`;
    throw error;
  }
  const answer = JSON.parse(text) as { result?: { serverInfo?: { name?: string } }; error?: { message: string } };
  if (answer.error) return answer.error.message;
  if (answer.result?.serverInfo?.name !== 'sheet-plan') return 'That web app is not Sheet Plan.';
  return null;
}

/** A user id for the grant that names no secret: a digest of the deployment and the key. */
export async function grantUser(agent: AgentUrl): Promise<string> {
  const data = new TextEncoder().encode(`${agent.deployment}\n${agent.key}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function html(status: number, text: string, headers = new Headers()): Response {
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(text, { status, headers });
}

async function showPage(oauth: OAuthHelpers, request: AuthRequest, status: number, error?: string) {
  const facts = await oauth.describeConsent(request);
  const consent = await oauth.beginConsent(request);
  return html(status, authorizePage(facts, consent.handle, error), consent.headers);
}

async function answerForm(request: Request, env: AuthorizeEnv, authRequest: AuthRequest): Promise<Response> {
  const oauth = env.OAUTH_PROVIDER;
  const form = await request.formData();
  const handle = String(form.get('handle') ?? '');
  if (form.get('decision') !== 'approve') {
    const denied = await oauth.denyConsent(request, handle);
    return new Response(null, { status: 302, headers: denied.headers });
  }
  const agent = readAgentUrl(String(form.get('agent_url') ?? ''), env.upstreamOrigin);
  const problem = 'problem' in agent ? agent.problem : await agentUrlProblem(env.upstreamOrigin, agent);
  // Nothing granted: the same request gets a fresh form (the handle is only used by approving or denying).
  if (problem !== null || 'problem' in agent) return showPage(oauth, authRequest, 400, problem ?? undefined);
  const approved = await oauth.approveConsent(request, handle);
  const props: GrantProps = { deployment: agent.deployment, key: agent.key };
  const { redirectTo } = await oauth.completeAuthorization({
    request: approved.request,
    userId: await grantUser(agent),
    metadata: { deployment: agent.deployment },
    scope: approved.request.scope,
    props,
  });
  approved.headers.set('location', redirectTo);
  return new Response(null, { status: 302, headers: approved.headers });
}

/** GET shows the page; POST connects (or cancels). Errors the client caused are shown here, or sent back to it. */
export async function serveAuthorize(request: Request, env: AuthorizeEnv): Promise<Response> {
  try {
    const authRequest = await env.OAUTH_PROVIDER.parseAuthRequest(request);
    if (request.method === 'GET') return await showPage(env.OAUTH_PROVIDER, authRequest, 200);
    if (request.method === 'POST') return await answerForm(request, env, authRequest);
    return new Response('GET or POST', { status: 405, headers: { allow: 'GET, POST' } });
  } catch (error) {
    if (error instanceof AuthorizationError && error.redirectTo) return Response.redirect(error.redirectTo, 302);
    if (error instanceof AuthorizationError)
      return html(
        400,
        `<!doctype html><html lang="en"><title>Cannot connect</title><p>${escapeHtml(error.description)}`,
      );
    throw error;
  }
}
