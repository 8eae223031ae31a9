/**
 * The offer to rewrite a plan written as another kind of checklist in the standard format (./plan-panel.tsx shows it
 * where needsAdoption says so). Deferred code (../deferred.ts): a plan in another format is rare, and the offer comes
 * with the deferred code's one call.
 */
import type { SidebarController } from '../controller';

export function AdoptFormat({ controller, disabled }: { controller: SidebarController; disabled: boolean }) {
  return (
    <div class="warning adopt-format" role="status">
      <p>
        This plan is written as another kind of checklist. Sheet Plan reads it as it is; rewriting it numbers the steps
        and uses the standard headings, keeping every word (the current text goes to History).
      </p>
      <button type="button" class="button" disabled={disabled} onClick={() => void controller.adopt()}>
        Rewrite in the standard format
      </button>
    </div>
  );
}
