/**
 * A change's answer saying it changed nothing (loops16): "no change", "nothing to update",
 * "unchanged", "0 rows affected", "value is already 25", and the like in Spanish, Portuguese,
 * French, German, Dutch, Italian, Polish, Finnish, Hungarian, Japanese, Chinese and Korean.
 * Read at the start of the answer only (its first {@link NO_OP_PREFIX_CHARS} characters), where
 * a tool states what it did; a long report that mentions "unchanged" further on is not read.
 */
const NO_OP = new RegExp(
  [
    String.raw`\bno (?:changes?|updates?|modifications?)\b(?! (?:yet|needed|required))`,
    String.raw`\bnothing (?:to (?:change|update|commit|save|apply)|changed|was changed)\b`,
    String.raw`\b(?:unchanged|not modified|no-op)\b`,
    String.raw`\b(?:is|are|was|were) already (?:set|at|equal|enabled|disabled|on|off|in place|\d)`,
    String.raw`\b0 (?:rows?|lines?|files?|records?|items?) (?:affected|changed|updated|modified)\b`,
    String.raw`\bsin cambios\b|\bsem (?:alterações|mudanças)\b|\baucun changement\b|\bkeine änderungen?\b|\bgeen wijzigingen\b|\bnessuna modifica\b|\bbez zmian\b|\bei muutoksia\b|\bnincs változás\b`,
    String.raw`変更(?:なし|はありません)|没有变化|无变化|未更改|변경 ?(?:없음|사항 없음)`,
  ].join('|'),
  'u',
);

/** Characters at the start of a change's answer read for {@link reportsNoChange}. */
export const NO_OP_PREFIX_CHARS = 160;

/**
 * Whether a change's answer says it changed nothing (a setting already at the value asked, an
 * update with nothing to update): such a change is no change of state — the same check made
 * around it is made again with nothing changed. Pure.
 *
 * @param text - The change's answer (any case).
 * @returns `true` when its start says nothing changed.
 *
 * @example
 * ```ts
 * reportsNoChange('No change: PETG-fine.bridge_speed is already 25'); // true
 * reportsNoChange('Saved: PETG-draft.support_material = true'); // false
 * ```
 */
export function reportsNoChange(text: string): boolean {
  return NO_OP.test(text.slice(0, NO_OP_PREFIX_CHARS).toLowerCase());
}
