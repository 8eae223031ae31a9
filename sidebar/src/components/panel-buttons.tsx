import type { SidebarController } from '../controller';

/** The panels a person opens from the plan, and from "No plan yet": they outlive any one plan. */
export function PanelButtons({
  controller,
  disabled,
  edit,
  connect = true,
}: {
  controller: SidebarController;
  disabled: boolean;
  edit?: () => void;
  /** False where "Connect an agent" is already the main action (the empty state). */
  connect?: boolean;
}) {
  const buttons: Array<[label: string, title: string, open: () => void]> = [
    ...(edit ? [['Edit', "Edit the plan's Markdown", edit] as [string, string, () => void]] : []),
    ['History', 'Earlier versions of the whole plan, with restore', () => void controller.openHistory()],
    ['Finished plans', 'Plans the agent finished', () => void controller.openArchive()],
    [
      'Settings',
      'Whether the agent needs your approval, and what follows a finished plan',
      () => void controller.openSettings(),
    ],
  ];
  if (connect) {
    buttons.push([
      'Connect an agent',
      'Give an agent its own address to this plan, or revoke one',
      () => void controller.openAgents(),
    ]);
  }
  return (
    <div class="button-row panel-buttons" role="group" aria-label="Plan tools">
      {buttons.map(([label, title, open]) => (
        <button key={label} type="button" class="button text" disabled={disabled} onClick={open} title={title}>
          {label}
        </button>
      ))}
    </div>
  );
}
