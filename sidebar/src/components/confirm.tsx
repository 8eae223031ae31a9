/**
 * A question asked in place before something that replaces what the person sees (no browser dialog: the
 * sidebar is a sandboxed frame, and a dialog would block the sheet). Its first button takes the focus.
 */
export function Confirm({
  label,
  question,
  yes,
  disabled,
  onYes,
  onCancel,
}: {
  /** The group's name for screen readers: `Confirm removing task 1.2`. */
  label: string;
  question: string;
  yes: string;
  disabled: boolean;
  onYes: () => void;
  onCancel: () => void;
}) {
  return (
    <div class="confirm" role="group" aria-label={label}>
      <p class="confirm-text">{question}</p>
      <div class="button-row">
        <button
          type="button"
          class="button primary"
          disabled={disabled}
          ref={(button) => button?.focus()}
          onClick={onYes}
        >
          {yes}
        </button>
        <button type="button" class="button text" disabled={disabled} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
