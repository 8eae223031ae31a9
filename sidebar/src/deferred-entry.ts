/**
 * The deferred bundle (dist/SidebarDeferred.html), which the page loads the first time it needs one of these
 * (./deferred.ts). Running it hands them to the page.
 */
import { ApprovalChanges, summarizeForApproval } from './components/approval-changes';
import { Archive } from './components/archive';
import { ConnectAgent } from './components/connect-agent';
import { Editor } from './components/editor';
import { History } from './components/history';
import { RecoveryOffer } from './components/recovery-offer';
import { Settings } from './components/settings';
import { DEFERRED_GLOBAL, type Deferred } from './deferred-globals';
import './styles/deferred.css';
import './styles/finished-plan.css';

const deferred: Deferred = {
  History,
  Archive,
  ConnectAgent,
  Settings,
  Editor,
  ApprovalChanges,
  summarizeForApproval,
  RecoveryOffer,
};
window[DEFERRED_GLOBAL] = deferred;
