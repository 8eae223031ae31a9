import type { SidebarController } from '../controller';

/** The panels a person opens from the plan, and from "No plan yet": they outlive any one plan. */
export function PanelButtons({
  controller,
  disabled,
  edit,
}: {
  controller: SidebarController;
  disabled: boolean;
  edit?: () => void;
}) {
  return (
    <div class="button-row panel-buttons" role="group" aria-label="Plan tools">
      {edit && (
        <button type="button" class="button text" disabled={disabled} onClick={edit} title="Edit the plan's Markdown">
          Edit
        </button>
      )}
      <button
        type="button"
        class="button text"
        disabled={disabled}
        onClick={() => void controller.openHistory()}
        title="Earlier versions of the whole plan, with restore"
      >
        History
      </button>
      <button
        type="button"
        class="button text"
        disabled={disabled}
        onClick={() => void controller.openArchive()}
        title="Plans the agent finished"
      >
        Finished plans
      </button>
      <button
        type="button"
        class="button text"
        disabled={disabled}
        onClick={() => void controller.openSettings()}
        title="Whether the agent needs your approval, and what follows a finished plan"
      >
        Settings
      </button>
    </div>
  );
}
