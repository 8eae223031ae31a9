import { MAIL_SETTING_LABEL } from '../../../src/core/person/notifications';
import type { PlanSettings } from '../../../src/core/person/settings';
import type { SidebarController } from '../controller';
import { PanelFrame } from './panel-title';
import { useState } from 'preact/hooks';

/** The server's refusal of an address, in the person's words: `“dana@example” is not an e-mail address: …`. */
export function plainMailToError(message: string): string {
  // Read with indexOf, not a pattern: the server's wording is fixed (src/core/person/settings.ts), and nothing can
  // backtrack.
  const lower = message.toLowerCase();
  const opening = lower.indexOf('mailto: "');
  const closing = opening < 0 ? -1 : lower.indexOf('" is not an e-mail address', opening + 9);
  if (closing >= 0) {
    const wrong = message.slice(opening + 9, closing);
    return `“${wrong}” is not an e-mail address: write it like dana@example.com. Nothing was saved.`;
  }
  if (lower.includes('mailto takes at most'))
    return `${message.replace(/^mailto /i, 'Send them to ')} Nothing was saved.`;
  return `${message} Nothing was saved.`;
}

/**
 * The addresses, saved when the field is left. A refused address keeps what the person typed in the field, with
 * what is wrong said under it (not in a banner far away), until they change it.
 */
function MailToField({
  saved,
  controller,
  disabled,
}: {
  saved: string[];
  controller: SidebarController;
  disabled: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const save = async (text: string) => {
    const mailTo = text
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    const done = await controller.saveSettings(
      { mailTo },
      mailTo.length ? `E-mails go to ${mailTo.join(', ')}` : 'E-mails go to the spreadsheet’s owner',
    );
    if (done) {
      setTyped(null);
      setProblem('');
      return;
    }
    const error = controller.state.error;
    if (error && !controller.state.sessionEnded) {
      setProblem(plainMailToError(error.text));
      controller.dismissError();
    }
  };
  return (
    <>
      <input
        type="text"
        class="mail-to"
        value={typed ?? saved.join(', ')}
        placeholder="the spreadsheet’s owner"
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'mail-to-problem' : undefined}
        onInput={(event) => setTyped(event.currentTarget.value)}
        onChange={(event) => void save(event.currentTarget.value)}
      />
      {problem && (
        <span class="field-hint mail-to-problem" id="mail-to-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

export interface SettingsProps {
  values: PlanSettings | null;
  controller: SidebarController;
  disabled: boolean;
}

/**
 * The sheet's settings for its plans. Only a person changes them, here: the agent's API has no way to. Each
 * change is saved at once (one call).
 */
export function Settings({ values, controller, disabled }: SettingsProps) {
  return (
    <PanelFrame kind="settings" onClose={() => controller.closePanel()}>
      {values === null ? (
        <p class="loading">Loading the settings…</p>
      ) : (
        <>
          <label class="setting">
            <input
              type="checkbox"
              checked={values.approvalRequired}
              disabled={disabled}
              onChange={(event) => {
                const approvalRequired = event.currentTarget.checked;
                void controller.saveSettings(
                  { approvalRequired },
                  approvalRequired
                    ? 'The agent now waits for your approval before it starts a plan'
                    : 'The agent no longer waits for your approval',
                );
              }}
            />
            <span>
              <span class="setting-name">The agent needs my approval before it starts</span>
              <span class="setting-help">
                A plan the agent writes is a draft: it cannot start or complete a task until you approve the plan, or it
                reads your comment when you send the plan back.
              </span>
            </span>
          </label>
          <fieldset class="setting-group" disabled={disabled}>
            <legend class="setting-name">When the agent finishes a plan, the plan cell</legend>
            {(
              [
                ['empty', 'is left empty'],
                ['starter', 'gets a fresh starter plan'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} class="setting-choice">
                <input
                  type="radio"
                  name="after-finish"
                  value={value}
                  checked={values.afterFinish === value}
                  onChange={() =>
                    void controller.saveSettings({ afterFinish: value }, `After a finished plan the cell ${label}`)
                  }
                />
                {label}
              </label>
            ))}
            <p class="setting-help">Either way the finished plan is kept in Finished plans.</p>
          </fieldset>
          <MailSettings values={values} controller={controller} disabled={disabled} />
        </>
      )}
    </PanelFrame>
  );
}

/** The opt-in e-mail when the plan waits for the person, and where it goes (docs/notifications.md). */
function MailSettings({ values, controller, disabled }: SettingsProps & { values: PlanSettings }) {
  return (
    <>
      <label class="setting">
        <input
          type="checkbox"
          checked={values.mailWhenWaiting}
          disabled={disabled}
          onChange={(event) => {
            const mailWhenWaiting = event.currentTarget.checked;
            void controller.saveSettings(
              { mailWhenWaiting },
              mailWhenWaiting
                ? 'You get an e-mail when the plan waits for you (at most one every 10 minutes)'
                : 'No more e-mails when the plan waits for you',
            );
          }}
        />
        <span>
          <span class="setting-name">{MAIL_SETTING_LABEL}</span>
          <span class="setting-help">
            When the agent asks for a review or your approval, or adds a question: one e-mail with a link to this sheet,
            at most every 10 minutes (what happens in between comes in the next one).
          </span>
        </span>
      </label>
      <label class="setting setting-addresses">
        <span>
          <span class="setting-name">Send them to</span>
          <span class="setting-help">
            E-mail addresses separated by commas; empty sends them to the spreadsheet’s owner.
          </span>
          <MailToField saved={values.mailTo} controller={controller} disabled={disabled || !values.mailWhenWaiting} />
        </span>
      </label>
    </>
  );
}
