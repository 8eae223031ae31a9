import { createContext } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { KeptText } from '../controller';

/**
 * The text of a form that went away while its send was under way, until the send answers. The change is shown at
 * once, and it may take the form's item away (an answer takes its question out of the list, a decision its card, a
 * rename its row); a refused send brings the same item back, and the form opened there again takes the text back
 * (takeBack), so the person finds their words where they wrote them, beside the refusal. A key names the form (a
 * text form's label with the text it opened with, a decision's group label): only the item brought back has it.
 */
let away: { key: string; text: string } | null = null;

/**
 * Where a form stands, when an item is shown in two places with the same form (a review's decision, in its card in
 * "Waiting for you" and in its task's row): the start of a decision's key, so that the text of a refused decision comes
 * back in the form the person typed it in, not in the first of the two drawn.
 */
export const FormPlace = createContext('');

/** Whether the form `key` went away with its send (its item is back: its parent opens the form again). */
export const wentAway = (key: string) => away?.key === key;

/** The text the form `key` had when it went away with its send (empty if none), once. */
export function takeBack(key: string): string | undefined {
  const text = wentAway(key) ? away!.text : undefined;
  if (text !== undefined) away = null;
  return text;
}

/**
 * Keeps unsent text when its form goes away on its own: the cards and forms are keyed by what they show (step and
 * title, question text), so when the agent puts another item there the form closes instead of carrying the text
 * onto the new item, and `keep` gets the text. `cancel()` marks the text as dropped on purpose; `send(sending)`
 * wraps the send, so that a form closed while its send is in flight keeps the text only if the send was refused and
 * no form `key` took it back.
 */
export function useKeptText(text: string, keep: ((text: string) => void) | undefined, key: string) {
  const latest = useRef({ text, keep, key });
  latest.current = { text, keep, key };
  const cancelled = useRef(false);
  const sending = useRef<Promise<boolean> | null>(null);
  // A layout effect's cleanup runs as the form goes, before its item can come back (a passive one's waits for a frame).
  useLayoutEffect(
    () => () => {
      const { text: unsent, keep: keepUnsent, key: formKey } = latest.current;
      if (cancelled.current) return;
      const keepText = () => {
        if (unsent.trim()) keepUnsent?.(unsent);
      };
      // Gone with its send, with text or without: the form its refusal brings back takes both the text and, for a
      // decision, the focus (decision.tsx).
      if (sending.current) {
        const mine = (away = { key: formKey, text: unsent });
        void sending.current.then((done) => {
          if (away !== mine) return;
          away = null;
          if (!done) keepText();
        });
      } else keepText();
    },
    [],
  );
  return {
    cancel: () => {
      cancelled.current = true;
    },
    send: async (send: () => Promise<boolean>): Promise<boolean> => {
      // Marked as sending before the send starts: its optimistic change may take the form away at once (the answered
      // question leaves the list), and the text must then wait for the answer, not be kept as unsent.
      let settle: (done: boolean) => void = () => undefined;
      const sent = new Promise<boolean>((resolve) => (settle = resolve));
      sending.current = sent;
      try {
        const done = await send();
        // Delivered: the form closing afterwards (its item answered, or the form done) keeps nothing.
        if (done) cancelled.current = true;
        settle(done);
        return done;
      } catch (error) {
        settle(false);
        throw error;
      } finally {
        if (sending.current === sent) sending.current = null;
      }
    },
  };
}

/** The texts kept by useKeptText, each with its item and a button to dismiss it once copied. */
export function KeptTexts({ texts, onDismiss }: { texts: KeptText[]; onDismiss: (kept: KeptText) => void }) {
  if (texts.length === 0) return null;
  return (
    <div class="kept-texts" role="status">
      {texts.map((kept, index) => (
        <div key={index} class="kept-text">
          <label class="field-label" for={`kept-text-${index}`}>
            This item changed while you were typing: your text was kept ({kept.about})
          </label>
          <textarea
            id={`kept-text-${index}`}
            class="field kept-text-field"
            readOnly
            rows={2}
            value={kept.text}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" class="button text" onClick={() => onDismiss(kept)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
