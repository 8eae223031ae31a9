import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A question asked in place before something that replaces what the person sees (no browser dialog: the
 * sidebar is a sandboxed frame, and a dialog would block the sheet). Its first button takes the focus when it opens,
 * and only then: a re-render (an agent's change coming in) must not move it back from Cancel to the yes. Escape is
 * Cancel (`no`, when it says more: `Keep editing`).
 */
export function Confirm({
  label,
  question,
  yes,
  no = 'Cancel',
  disabled,
  onYes,
  onCancel,
}: {
  /** The group's name for screen readers: `Confirm removing task 1.2`. */
  label: string;
  question: string;
  yes: string;
  no?: string;
  disabled: boolean;
  onYes: () => void;
  onCancel: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => first.current?.focus(), []);
  return (
    // Escape cancels, as it closes a task's form.
    <div
      class="confirm"
      role="group"
      aria-label={label}
      onKeyDown={(event) => !disabled && event.key === 'Escape' && onCancel()}
    >
      <p class="confirm-text">{question}</p>
      <div class="button-row">
        <button type="button" class="button primary" disabled={disabled} ref={first} onClick={onYes}>
          {yes}
        </button>
        <button type="button" class="button text" disabled={disabled} onClick={onCancel}>
          {no}
        </button>
      </div>
    </div>
  );
}
