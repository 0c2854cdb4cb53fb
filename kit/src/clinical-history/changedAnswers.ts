import type { ClinicalHistoryAnswers } from '@clinic/worker/contract';

/**
 * The answers two versions of a clinical history give differently, a YES/NO as well as an 'other'
 * text: what a 412 says someone else changed.
 */
export const changedAnswers = (before: ClinicalHistoryAnswers, after: ClinicalHistoryAnswers): string[] =>
  (Object.keys(after) as (keyof ClinicalHistoryAnswers)[]).filter((key) => before[key] !== after[key]);
