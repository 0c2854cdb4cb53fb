import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { AccessLogQuerySchema } from './access-log';
import { BudgetsQuerySchema } from './budgets';
import { PatientQuerySchema } from './patients';
import { TreatmentsQuerySchema } from './treatments';
import { TurnQuerySchema } from './turns';
import { IdParamSchema, PageQuerySchema } from './validation';

describe('one page for every list', () => {
  const lists = {
    patients: PatientQuerySchema,
    turns: TurnQuerySchema,
    budgets: BudgetsQuerySchema,
    treatments: TreatmentsQuerySchema,
    'access log': AccessLogQuerySchema,
  };

  test.each(Object.entries(lists))('%s: 50 rows unless asked, from the first', (_, schema) => {
    expect(v.parse(schema, {})).toMatchObject({ limit: 50, offset: 0 });
  });

  test.each(Object.entries(lists))('%s: at most 200 rows, an offset up to 1,000,000', (_, schema) => {
    expect(v.parse(schema, { limit: '200', offset: '1000000' })).toMatchObject({
      limit: 200,
      offset: 1_000_000,
    });
    expect(v.safeParse(schema, { limit: '201' }).success).toBe(false);
    expect(v.safeParse(schema, { offset: '1000001' }).success).toBe(false);
  });

  test('a page of no rows, a negative or a non-numeric count is refused', () => {
    for (const query of [
      { limit: '0' },
      { limit: '-1' },
      { offset: '-1' },
      { limit: 'ten' },
      { offset: '1e3' },
    ]) {
      expect(v.safeParse(PageQuerySchema, query).success).toBe(false);
    }
  });
});

test('a path id is a positive integer', () => {
  expect(v.parse(IdParamSchema, { id: '42' })).toEqual({ id: 42 });
  for (const id of ['0', '-3', '1.5', 'abc']) expect(v.safeParse(IdParamSchema, { id }).success).toBe(false);
});
