import { describe, expect, test } from 'vitest';
import { FOLD_STEPS } from '../db/fold';
import { MSG } from './messages';
import { ageOn, parsePatientSearch, prefixUpperBound } from './patients';
import { foldText, isCalendarDate, searchNameOf } from './person';
import { isPdf } from './studies';

describe('parsePatientSearch (Patient search)', () => {
  test('digits only search by document', () => {
    expect(parsePatientSearch(' 35123456 ')).toEqual({ kind: 'document', term: '35123456' });
  });
  test('letters search by name, lower-cased without accents, spaces between words kept once', () => {
    expect(parsePatientSearch('Lisa   SIMPSON')).toEqual({ kind: 'name', term: 'lisa simpson' });
    expect(parsePatientSearch('José Müller')).toEqual({ kind: 'name', term: 'jose muller' });
    expect(parsePatientSearch('PEÑA')).toEqual({ kind: 'name', term: 'pena' });
  });
  test.each(['lisa1', '1lisa', 'li-sa', '35.123.456', '%', "o'brien", 'a_b'])('%s is a wrong format', (q) => {
    expect(parsePatientSearch(q)).toEqual({ kind: 'invalid', error: MSG.wrongSearchFormat });
  });
  test('nothing, or only spaces, is empty', () => {
    expect(parsePatientSearch('   ')).toEqual({ kind: 'empty', error: MSG.emptySearch });
  });
});

describe('prefixUpperBound', () => {
  test('is the prefix with its last character raised by one', () => {
    expect(prefixUpperBound('lis')).toBe('lit');
    expect(prefixUpperBound('3512')).toBe('3513');
    expect('lisa simpson' < prefixUpperBound('lisa')).toBe(true);
    expect('lisb' < prefixUpperBound('lisa')).toBe(false);
  });
});

describe('ageOn', () => {
  test('counts whole years, the birthday itself included', () => {
    expect(ageOn('1992-05-09', '2026-05-08')).toBe(33);
    expect(ageOn('1992-05-09', '2026-05-09')).toBe(34);
    expect(ageOn('', '2026-05-09')).toBeNull();
    expect(ageOn('2030-01-01', '2026-05-09')).toBeNull();
  });
});

test('isCalendarDate rejects impossible dates', () => {
  expect(isCalendarDate('2024-02-29')).toBe(true);
  expect(isCalendarDate('2026-02-29')).toBe(false);
  expect(isCalendarDate('2026-2-1')).toBe(false);
});

test('searchNameOf is the lower-cased "name lastname" without accents', () => {
  expect(searchNameOf(' Lisa ', 'Van  Houten')).toBe('lisa van houten');
  expect(searchNameOf('María José', 'Peña Oyarzún')).toBe('maria jose pena oyarzun');
});

test('the SQL fold (db/fold.ts) folds every letter it lists as foldText does', () => {
  for (const letter of FOLD_STEPS.join('')) expect(foldText(letter)).toMatch(/^[a-z]$/);
  expect(foldText('ÁÉÍÓÚÜÑÇ')).toBe('aeiouunc');
});

test('isPdf checks the %PDF- signature', () => {
  expect(isPdf(new TextEncoder().encode('%PDF-1.7'))).toBe(true);
  expect(isPdf(new TextEncoder().encode('%PDF'))).toBe(false);
  expect(isPdf(new TextEncoder().encode('<html>'))).toBe(false);
});
