import { useEffect, useRef, useState } from 'preact/hooks';

let formIds = 0;

export interface TextFormProps {
  label: string;
  submitLabel: string;
  required: boolean;
  initial?: string;
  disabled: boolean;
  /** Resolves true when the change went through: the form then closes. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * One line of text for an action (a reason, a comment, an answer): Enter submits, Escape cancels.
 * The core refuses line breaks in these, so Enter never inserts one.
 */
export function TextForm({ label, submitLabel, required, initial, disabled, onSubmit, onCancel }: TextFormProps) {
  const [text, setText] = useState(initial ?? '');
  const [id] = useState(() => `text-form-${++formIds}`);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);

  const empty = !text.trim();
  const submit = async (event?: Event) => {
    event?.preventDefault();
    if (disabled || (required && empty)) return;
    await onSubmit(text);
  };

  return (
    <form class="text-form" onSubmit={submit}>
      <label class="field-label" for={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={input}
        class="field"
        rows={2}
        value={text}
        required={required}
        disabled={disabled}
        onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value.replace(/[\r\n]+/g, ' '))}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.isComposing) void submit(event);
          else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div class="button-row">
        <button type="submit" class="button primary" disabled={disabled || (required && empty)}>
          {submitLabel}
        </button>
        <button type="button" class="button text" disabled={disabled} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
