import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { takeBack, useKeptText } from './kept-text';
import { oneLine } from '../one-line';

let formIds = 0;

/** What names a text form among a page's forms (kept-text.tsx): its label, with the text it opened with. */
export const formKey = (label: string, initial = '') => `${label}\n${initial}`;

export interface TextFormProps {
  /** With `initial`, names the form (kept-text.tsx's key): formKey(label, initial). */
  label: string;
  submitLabel: string;
  required: boolean;
  initial?: string;
  disabled: boolean;
  /** Resolves true when the change went through: the form then closes. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
  /** Gets the typed text when the form closes because its item changed (kept-text.tsx). */
  keep?: (text: string) => void;
}

/**
 * One line of text for an action (a reason, a comment, an answer): Enter submits, Escape cancels.
 * The core refuses line breaks in these, so Enter never inserts one.
 */
export function TextForm({ label, submitLabel, required, initial, disabled, onSubmit, onCancel, keep }: TextFormProps) {
  const key = formKey(label, initial);
  // Opened again on an item its refused send brought back: with the words the person sent.
  const [text, setText] = useState(() => takeBack(key) || (initial ?? ''));
  const kept = useKeptText(text === (initial ?? '') ? '' : text, keep, key);
  const cancel = () => {
    kept.cancel();
    onCancel();
  };
  const [id] = useState(() => `text-form-${++formIds}`);
  const input = useRef<HTMLTextAreaElement>(null);
  // At once, before the frame in which the focus keeper (app.tsx) looks after the focus the opening button had.
  useLayoutEffect(() => {
    input.current?.focus();
  }, []);

  const empty = !text.trim();
  const submit = async (event?: Event) => {
    event?.preventDefault();
    if (disabled || (required && empty)) return;
    await kept.send(() => onSubmit(text));
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
        onInput={(event) => setText(oneLine((event.currentTarget as HTMLTextAreaElement).value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.isComposing) void submit(event);
          else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
      />
      <div class="button-row">
        <button type="submit" class="button primary" disabled={disabled || (required && empty)}>
          {submitLabel}
        </button>
        <button type="button" class="button text" disabled={disabled} onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
