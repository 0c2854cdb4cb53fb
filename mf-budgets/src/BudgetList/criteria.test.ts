import { describe, expect, test } from 'vitest';
import { budgetsQuery, criteriaOf, PAGE, withChanges } from './criteria';

const params = (text: string) => new URLSearchParams(text);

describe('the budgets list criteria in the address', () => {
  test('an empty address is every budget, newest first, page 1', () => {
    expect(criteriaOf(params(''))).toEqual({ q: '', sort: 'date_desc', paid: '', page: 1 });
  });

  test('the address is read back as written', () => {
    expect(criteriaOf(params('q=apu&sort=amount_asc&paid=false&page=3'))).toEqual({
      q: 'apu',
      sort: 'amount_asc',
      paid: 'false',
      page: 3,
    });
  });

  test('an unknown sort or filter and a page below 1 or not a number read as the defaults', () => {
    expect(criteriaOf(params('sort=price&paid=yes&page=0'))).toMatchObject({
      sort: 'date_desc',
      paid: '',
      page: 1,
    });
    expect(criteriaOf(params('page=abc')).page).toBe(1);
    expect(criteriaOf(params('page=-4')).page).toBe(1);
  });

  test('page n asks for the n-th slice of PAGE budgets; no paid filter sends none', () => {
    expect(budgetsQuery(criteriaOf(params('page=3')))).toEqual({
      q: '',
      sort: 'date_desc',
      limit: String(PAGE),
      offset: String(2 * PAGE),
    });
    expect(budgetsQuery(criteriaOf(params('paid=true')))).toMatchObject({ paid: 'true' });
  });

  test('a change of search, order or filter starts from the first page; an empty value is removed', () => {
    const at = params('q=apu&sort=name_asc&page=4');
    expect(withChanges(at, { sort: 'amount_desc' }).toString()).toBe('q=apu&sort=amount_desc');
    expect(withChanges(at, { q: '' }).toString()).toBe('sort=name_asc');
    expect(withChanges(at, { page: '5' }).toString()).toBe('q=apu&sort=name_asc&page=5');
    // the address it came from is left as it was
    expect(at.toString()).toBe('q=apu&sort=name_asc&page=4');
  });
});
