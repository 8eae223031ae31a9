/** The globals the page and its deferred code meet at (./deferred.ts); sidebar/build.mjs maps SHARED_GLOBAL's. */
import type { Archive } from './components/archive';
import type { ApprovalChanges, summarizeForApproval } from './components/approval-changes';
import type { ConnectAgent } from './components/connect-agent';
import type { Editor } from './components/editor';
import type { History } from './components/history';
import type { RecoveryOffer } from './components/recovery-offer';
import type { Settings } from './components/settings';

/** What the deferred bundle puts on `window` when it runs. */
export const DEFERRED_GLOBAL = '__sheetPlanDeferred';
/** What the page lends the deferred bundle: module specifier → the module (sidebar/build.mjs maps their imports). */
export const SHARED_GLOBAL = '__sheetPlanShared';

/**
 * The deferred code: the panels a person opens now and then, the Markdown editor, the approval box's comparison, the
 * recovery card's offer.
 */
export interface Deferred {
  Editor: typeof Editor;
  History: typeof History;
  Archive: typeof Archive;
  ConnectAgent: typeof ConnectAgent;
  Settings: typeof Settings;
  ApprovalChanges: typeof ApprovalChanges;
  summarizeForApproval: typeof summarizeForApproval;
  RecoveryOffer: typeof RecoveryOffer;
}
