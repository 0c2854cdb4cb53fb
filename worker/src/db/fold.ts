/**
 * The accented letters SQL folds to their plain letter, as `foldText` (contract/person.ts) does in
 * the worker with Unicode: the Latin letters of Spanish, Portuguese, French, Italian and German
 * names, in both cases (SQLite's lower() only folds ASCII).
 *
 * SQLite has no function for it, so it is a chain of replace(); a chain of more than about 25
 * calls overflows SQLite's parser stack (on D1 and libSQL alike), and an overflowing column
 * definition would make the schema unreadable. So the fold is three steps of 16 letters, each a
 * generated column over the one before (migration 0032 writes the same expressions by hand).
 */
export const FOLD_STEPS: readonly string[] = ['áàâäãéèêëíìîïóòô', 'öõúùûüñçÁÀÂÄÃÉÈÊ', 'ËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ'];

/** The plain letter of an accented one ('Ñ' → 'n'). */
function plainOf(letter: string): string {
  return letter.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Step `step` (0, 1, 2) of the fold of `expression`, as SQL text; the first step lower-cases too. */
export function foldStepSql(expression: string, step: number): string {
  let out = step === 0 ? `lower(${expression})` : expression;
  for (const letter of FOLD_STEPS[step] ?? '') out = `replace(${out}, '${letter}', '${plainOf(letter)}')`;
  return out;
}
