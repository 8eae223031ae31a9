/**
 * The person token: proof that a sidebar function was called from a sidebar a person opened. showPlanSidebar mints it
 * only after SpreadsheetApp.getUi() succeeded (it throws in a scripts.run execution, so an agent can never mint one),
 * keeps it in the user's cache and writes it into the sidebar's page; a call without a live token is refused with
 * NEEDS_PERSON before anything is read or written.
 */
import { describeValue } from '../core/api/arguments';
import { needsPerson } from '../core/errors';
import { run } from './api';
import { activeSpreadsheet, rememberSpreadsheet } from './spreadsheet-access';
import * as rareRefusals from './rare-refusals';
import { filled, parsedJson } from '../core/text';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

const TOKEN_PREFIX = 'sheet-plan-sidebar:';
/** CacheService keeps a value for at most six hours. */
const TOKEN_SECONDS = 6 * 60 * 60;
/** A token in use is put back in the cache (for six more hours) once it is older than this. */
const RENEW_AFTER_MS = 30 * 60 * 1000;
const TOKEN_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TokenRecord {
  /** The spreadsheet the sidebar was opened in: an add-on's user cache is shared across documents. */
  spreadsheetId: string;
  /** Epoch milliseconds of when the token was last put in the cache. */
  renewedAt: number;
}

function storeToken(cache: GoogleAppsScript.Cache.Cache, token: string, spreadsheetId: string): void {
  cache.put(
    TOKEN_PREFIX + token,
    JSON.stringify({ spreadsheetId, renewedAt: Date.now() } satisfies TokenRecord),
    TOKEN_SECONDS,
  );
}

/** The person check this call has passed already (see asCheckedPerson), so that it asks the cache once. */
let checkedSession: { token: string; spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet } | null = null;

/**
 * Runs `call` once `token` is a live person token, before its other arguments are checked: an agent that reaches a
 * sidebar function is told it is a person's (NEEDS_PERSON), whatever else it sent. The call's own requirePerson
 * answers from this check.
 */
export function asCheckedPerson<T>(token: unknown, call: () => T): T {
  return run(() => {
    const spreadsheet = requirePerson(token);
    checkedSession = { token: token as string, spreadsheet };
    try {
      return call();
    } finally {
      checkedSession = null;
    }
  });
}

/**
 * Throws NEEDS_PERSON unless `token` is one showPlanSidebar minted for this user and spreadsheet;
 * answers that spreadsheet, for the call to work on.
 */
export function requirePerson(token: unknown): GoogleAppsScript.Spreadsheet.Spreadsheet {
  if (checkedSession && checkedSession.token === token) return checkedSession.spreadsheet;
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) {
    throw needsPerson(filled(rareRefusals.noSession(), { got: describeValue(token) }));
  }
  const cache = CacheService.getUserCache();
  const record = readTokenRecord(cache?.get(TOKEN_PREFIX + token));
  if (!cache || !record) {
    throw needsPerson(rareRefusals.sessionGone());
  }
  const spreadsheet = activeSpreadsheet();
  const spreadsheetId = spreadsheet.getId();
  if (record.spreadsheetId !== spreadsheetId) {
    throw needsPerson(rareRefusals.otherSpreadsheet());
  }
  if (!(Date.now() - record.renewedAt < RENEW_AFTER_MS)) storeToken(cache, token, spreadsheetId);
  return spreadsheet;
}

function readTokenRecord(saved: string | null | undefined): TokenRecord | null {
  if (!saved) return null;
  // Not JSON, or JSON of another shape (null included): no record.
  const record = parsedJson(saved) as Partial<TokenRecord> | null | undefined;
  return typeof record?.spreadsheetId === 'string' && typeof record.renewedAt === 'number'
    ? (record as TokenRecord)
    : null;
}

/**
 * A fresh token for this person and spreadsheet, minted only where SpreadsheetApp.getUi() works: it throws
 * "Cannot call SpreadsheetApp.getUi() from this context" in scripts.run and triggers, so nothing below runs
 * there and no token is ever minted for an agent.
 */
export function mintToken(): { ui: GoogleAppsScript.Base.Ui; token: string; spreadsheet: Spreadsheet } {
  const ui = SpreadsheetApp.getUi();
  const cache = CacheService.getUserCache();
  if (!cache) throw new Error(rareRefusals.noUserCache());
  const token = Utilities.getUuid();
  // Opening the sidebar is how a person connects the sheet for agents: its id is remembered here.
  const spreadsheet = activeSpreadsheet();
  storeToken(cache, token, rememberSpreadsheet(spreadsheet, { withTimeZone: true }));
  return { ui, token, spreadsheet };
}
