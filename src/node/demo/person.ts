/**
 * The person, played by the demo itself (`sheet-plan demo --fast`, for scripts and tests): nobody has to open
 * the sidebar. Every decision goes through the person's own path at the local emulator (the sidebar page's
 * token and google.script.run, src/node/server/person-calls.ts), never through an agent function, and the
 * demo says so each time. A deployment's person token never leaves their sidebar, so this exists only
 * against the local emulator.
 */
import { approvePlanAsPerson, callSidebarAsPerson } from '../server/person-calls';

/** What the scripted agent waits for a person to do. */
export interface DemoPerson {
  approvePlan(): Promise<void>;
  approveReview(step: string): Promise<void>;
  undoWrite(id: string): Promise<void>;
}

/** The comment the played person leaves on the review item. */
export const PLAYED_REVIEW_COMMENT = 'looks right';

/** The person at the local emulator at `url`, each act logged as the demo's own. */
export function playedPerson(url: string, log: (line: string) => void): DemoPerson {
  const say = (what: string) => log(`  🙋 --fast: the demo ${what} as the person (sidebar call, no agent function)`);
  return {
    async approvePlan() {
      say('approves the plan');
      await approvePlanAsPerson(url);
    },
    async approveReview(step) {
      say(`approves ${step}`);
      await callSidebarAsPerson(url, 'sidebarTaskAction', 'approve', step, PLAYED_REVIEW_COMMENT);
    },
    async undoWrite(id) {
      say(`undoes write ${id}`);
      await callSidebarAsPerson(url, 'sidebarUndoWrite', id);
    },
  };
}
