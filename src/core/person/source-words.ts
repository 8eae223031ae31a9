/**
 * The words the product uses for who made a change other than a named agent: the sidebar's words for each change
 * source (src/core/write-path/revision.ts ChangeSource), and the words for the person. No agent may carry one of these
 * as its name, nor a connected agent's name when it has no key: its changes would read as a person's, or as that
 * agent's.
 */

/** What the sidebar says for each change source that is not a named agent. */
export const SOURCE_WORDS: Readonly<Record<string, string>> = {
  api: 'the agent',
  // The sidebar and the menu are only ever the person: a change they made is theirs.
  sidebar: 'you',
  menu: 'you (from the menu)',
  'cell edit': 'an edit in the cell',
  unknown: 'someone',
};

/** Words for the person themselves, and the places only they act from, as the sidebar, e-mails and docs say them. */
const PERSON_WORDS = [
  'you',
  'me',
  'person',
  'a person',
  'the person',
  'owner',
  'the owner',
  'sheet plan',
  'the sidebar',
  'the menu',
];

/** Every reserved name, in its compared form. */
export const RESERVED_AGENT_NAMES: readonly string[] = [
  ...new Set([
    ...Object.keys(SOURCE_WORDS).filter((source) => source !== 'api'),
    ...Object.values(SOURCE_WORDS),
    ...PERSON_WORDS,
  ]),
];

/**
 * Letters of other scripts that read as Latin ones, each followed by the Latin letter it reads as, in small letters:
 * names are compared after the case is folded, so that `Клод` and `клод` stay one name, and `Сlaude` (a Cyrillic С)
 * is Claude to a reader of the sidebar. A letter whose capital and small forms read as two Latin letters (Greek Ν,
 * ν) is left out.
 */
const LOOK_ALIKES = 'аaвbеeкkмmнhоoрpсcтtуyүyхxѕsіiјjһhԁdԛqԝwӏlαaβbεeζzιiκkμmοoρpτtχxօoսuʏyᴜu';

/**
 * A name as names are compared: case, runs of spaces, invisible characters (every character Unicode says to ignore
 * in display: a zero-width space, a direction mark, an inherent Khmer vowel, a joiner outside an emoji sequence, a
 * variation selector; and blank fillers), compatibility forms (full-width ｙｏｕ) and letters of other scripts that
 * read as Latin ones (LOOK_ALIKES) do not tell two names apart, as a reader of the sidebar could not either.
 */
export function comparedName(name: string): string {
  // Not the joiner and tag characters of emoji sequences (👩‍💻, a flag): they tell one emoji from another.
  return [
    ...name
      .normalize('NFKC')
      .replace(
        /\u200d(?!\p{Extended_Pictographic})|(?<![\u{1f3f4}\u{e0020}-\u{e007e}])[\u{e0020}-\u{e007f}]|\u2800|(?![\u200d\u{e0020}-\u{e007f}])[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu,
        '',
      )
      .toLowerCase(),
  ]
    .map((letter) => {
      const at = LOOK_ALIKES.indexOf(letter);
      return at % 2 ? letter : LOOK_ALIKES[at + 1];
    })
    .join('')
    .trim()
    .replace(/\s+/g, ' ');
}

/** A name's words as a reader takes them in (comparedName), without the signs around them: `(you.)` reads `you`. */
function wordsOf(name: string): string {
  return comparedName(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether `name` reads as one of the reserved words (whatever its case, spacing and signs), or starts with the words
 * for the person (`You (sidebar)`, `Owner bot`): the sidebar says "Changed by you" of the person's own changes.
 */
export function isReservedAgentName(name: string): boolean {
  const words = wordsOf(name);
  return (
    RESERVED_AGENT_NAMES.some((reserved) => wordsOf(reserved) === words) ||
    PERSON_WORDS.some((person) => words.startsWith(`${person} `))
  );
}

/** The reserved names, quoted, for an error that says which names no agent may take. */
export function reservedNamesList(): string {
  return RESERVED_AGENT_NAMES.map((name) => `"${name}"`).join(', ');
}
