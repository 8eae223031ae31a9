/**
 * The sheet's settings for its plans. Only a person changes them (in the sidebar); the store keeps them
 * where an agent's API calls cannot write (Apps Script's document properties).
 */
import { invalidArgument } from '../errors';
import { relayOrigin } from '../mcp/relay-url';
import * as rareWords from '../rare-words';
import { filled } from '../text';

export interface PlanSettings {
  /** The agent needs the person's approval before it starts: plans an agent writes are drafts until approved. */
  approvalRequired: boolean;
  /** What the plan cell holds after finishPlan archives the plan: nothing, or a fresh starter plan. */
  afterFinish: 'empty' | 'starter';
  /** E-mail the person when the plan starts waiting for them (docs/notifications.md). Opt-in. */
  mailWhenWaiting: boolean;
  /** Where those e-mails go; empty: the spreadsheet's owner. */
  mailTo: string[];
  /**
   * The MCP relay's origin (https://sheet-plan-relay.example.workers.dev), which the Connect panel's set-ups use for
   * HTTP and cloud clients (src/core/mcp/relay-url.ts); empty until the person enters one.
   */
  relayUrl: string;
}

/**
 * A new sheet's settings. Approval is on: the README promises that a person approves the whole plan before work
 * starts. A sheet whose settings were saved keeps them (every save writes every field); one that never saved any — a
 * new sheet, or one set up before this default — and a saved value that cannot be read get approval on: the gate
 * fails closed.
 */
export const DEFAULT_SETTINGS: PlanSettings = {
  approvalRequired: true,
  afterFinish: 'empty',
  mailWhenWaiting: false,
  mailTo: [],
  relayUrl: '',
};

/** Addresses a person may list for the e-mails, at most. */
const MAIL_TO_LIMIT = 10;
/**
 * A plain address check: something@domain.tld, no spaces or commas (one address per entry). The domain is read as
 * dot-free labels joined by dots, so no two ways of splitting it exist and the match stays linear.
 */
const EMAIL_ADDRESS = /^[^\s@,;<>]+@[^\s@,;<>.]+(?:\.[^\s@,;<>.]+)+$/;

const AFTER_FINISH: ReadonlyArray<PlanSettings['afterFinish']> = ['empty', 'starter'];

/** Settings as stored (JSON); anything missing or unreadable is the default. */
export function readSettings(saved: string | null | undefined): PlanSettings {
  if (!saved) return { ...DEFAULT_SETTINGS };
  try {
    const record = JSON.parse(saved) as Partial<PlanSettings>;
    return {
      approvalRequired:
        typeof record.approvalRequired === 'boolean' ? record.approvalRequired : DEFAULT_SETTINGS.approvalRequired,
      afterFinish: AFTER_FINISH.includes(record.afterFinish!) ? record.afterFinish! : DEFAULT_SETTINGS.afterFinish,
      mailWhenWaiting: record.mailWhenWaiting === true,
      mailTo: Array.isArray(record.mailTo)
        ? record.mailTo.filter((address) => typeof address === 'string' && EMAIL_ADDRESS.test(address))
        : [],
      relayUrl:
        typeof record.relayUrl === 'string' && relayOrigin(record.relayUrl) ? relayOrigin(record.relayUrl)! : '',
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/**
 * A change of settings (`{ approvalRequired: true }`), whose shape the descriptor checked (an unknown setting refused
 * by name); settings it leaves out keep their value. The addresses are read here, and a change must change something.
 */
export function requireSettingsChange(value: Partial<PlanSettings>): Partial<PlanSettings> {
  const change: Partial<PlanSettings> = {};
  if (value.approvalRequired !== undefined) change.approvalRequired = value.approvalRequired;
  if (value.afterFinish !== undefined) change.afterFinish = value.afterFinish;
  if (value.mailWhenWaiting !== undefined) change.mailWhenWaiting = value.mailWhenWaiting;
  if (value.mailTo !== undefined) change.mailTo = requireMailTo(value.mailTo);
  if (value.relayUrl !== undefined) change.relayUrl = requireRelayUrl(value.relayUrl);
  if (Object.keys(change).length === 0) throw invalidArgument(rareWords.noSettingChanged());
  return change;
}

/** The addresses for the e-mails: a list of at most ten plain addresses ([] sends to the spreadsheet's owner). */
function requireMailTo(value: string[]): string[] {
  const addresses = value.map((address) => address.trim()).filter(Boolean);
  const wrong = addresses.find((address) => !EMAIL_ADDRESS.test(address));
  if (wrong !== undefined) throw invalidArgument(filled(rareWords.notAnAddress(), { address: wrong }));
  if (addresses.length > MAIL_TO_LIMIT) {
    const counts = { most: String(MAIL_TO_LIMIT), got: String(addresses.length) };
    throw invalidArgument(filled(rareWords.tooManyAddresses(), counts));
  }
  return [...new Set(addresses)];
}

/** The relay's address as a person typed it: '' (none), or an https origin (http only on this computer). */
function requireRelayUrl(value: string): string {
  const text = value.trim();
  if (text === '') return '';
  const origin = relayOrigin(text);
  if (origin === null) throw invalidArgument(filled(rareWords.relayUrl(), { text }));
  return origin;
}
