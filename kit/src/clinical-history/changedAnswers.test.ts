import { answersOf, type ClinicalHistoryAnswers, CONDITION_KEYS, OTHER_KEYS } from '@clinic/worker/contract';
import { expect, test } from 'vitest';
import { changedAnswers } from './changedAnswers';

const all = {
  ...Object.fromEntries(CONDITION_KEYS.map((key) => [key, false])),
  ...Object.fromEntries(OTHER_KEYS.map((key) => [key, ''])),
} as ClinicalHistoryAnswers;

test('a YES/NO changed is listed, as well as an other text; nothing changed lists nothing', () => {
  const [smoker] = CONDITION_KEYS;
  const [other] = OTHER_KEYS;
  const now = { ...all, [smoker as string]: true, [other as string]: 'Asthma as a child' };
  expect(changedAnswers(answersOf(all), answersOf(now))).toEqual([smoker, other]);
  expect(changedAnswers(answersOf(all), answersOf(all))).toEqual([]);
});
