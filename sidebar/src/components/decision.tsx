import { useContext, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { FormPlace, takeBack, useKeptText } from './kept-text';
import { oneLine } from '../one-line';
import { focusInView } from '../focus-in-view';

let decisionIds = 0;

export interface DecisionProps {
  /**
   * What is decided on, for the buttons' group (`Review of task 2.3`, `Your decision on the plan`); with its place
   * (kept-text.tsx's FormPlace), it names the comment field too (kept-text.tsx's key).
   */
  groupLabel: string;
  approveLabel: string;
  sendBackLabel: string;
  /** Shown when the person sends back without saying what to change. */
  sendBackHint: string;
  disabled: boolean;
  /** Only the buttons wait (for the person to look at a changed plan again): the comment can be written meanwhile. */
  held?: boolean;
  /** Resolves true when the decision went through: the comment is then cleared. */
  decide: (decision: 'approve' | 'requestChanges', comment: string) => Promise<boolean>;
  /** Gets the typed comment when the decision closes because its item changed (kept-text.tsx). */
  keep?: (text: string) => void;
}

/**
 * A person's decision (on a review item, or on the whole plan): one comment field for both buttons.
 * Approving takes the comment if there is one; sending back needs it (the agent must know what to change).
 */
export function Decision({
  groupLabel,
  approveLabel,
  sendBackLabel,
  sendBackHint,
  disabled,
  held,
  decide,
  keep,
}: DecisionProps) {
  // The card or box its refused decision brought back gets the person's comment again, the one it was typed in, and
  // the focus: the person was in it (their button went with the card, and the focus keeper in app.tsx moved on).
  const key = useContext(FormPlace) + groupLabel;
  const [back] = useState(() => takeBack(key));
  const [comment, setComment] = useState(back ?? '');
  const kept = useKeptText(comment, keep, key);
  const [hint, setHint] = useState('');
  const [id] = useState(() => `decision-comment-${++decisionIds}`);
  const field = useRef<HTMLTextAreaElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (back === undefined) return;
    // The buttons in view as well when there is room (the card may come back below where the focus keeper went).
    buttons.current!.lastElementChild!.scrollIntoView({ block: 'nearest' });
    focusInView(field.current!);
  }, []);
  const choose = async (decision: 'approve' | 'requestChanges') => {
    if (decision === 'requestChanges' && !comment.trim()) {
      setHint(sendBackHint);
      field.current?.focus();
      return;
    }
    setHint('');
    if (await kept.send(() => decide(decision, comment))) setComment('');
  };
  return (
    <div class="review-decision">
      <label class="field-label" for={id}>
        Comment for the agent
      </label>
      <textarea
        id={id}
        ref={field}
        class="field"
        rows={1}
        value={comment}
        disabled={disabled}
        placeholder="Optional when approving"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onInput={(event) => {
          setComment(oneLine((event.currentTarget as HTMLTextAreaElement).value));
          setHint('');
        }}
        // One line, like every comment the core takes; Enter does not decide for the person.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {hint && (
        <p class="field-hint warning" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div class="button-row" role="group" aria-label={groupLabel} ref={buttons}>
        <button type="button" class="button primary" disabled={disabled || held} onClick={() => void choose('approve')}>
          {approveLabel}
        </button>
        <button type="button" class="button" disabled={disabled || held} onClick={() => void choose('requestChanges')}>
          {sendBackLabel}
        </button>
      </div>
    </div>
  );
}
