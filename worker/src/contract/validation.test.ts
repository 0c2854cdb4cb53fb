import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { AccessLogQuerySchema } from './access-log';
import { BudgetsQuerySchema } from './budgets';
import { MSG } from './messages';
import { PatientQuerySchema } from './patients';
import { TreatmentsQuerySchema } from './treatments';
import { TurnQuerySchema } from './turns';
import { check, IdParamSchema, PageQuerySchema } from './validation';
import { OutcomeInputSchema } from './waitlist';

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

describe("field errors are words for people, never valibot's defaults", () => {
  const errorsOf = (schema: v.GenericSchema, input: unknown) => {
    const result = check(schema, input);
    return result.ok ? {} : result.errors;
  };

  test('a missing key is required; a value off the list names the list', () => {
    expect(errorsOf(OutcomeInputSchema, {})).toEqual({ outcome: { msg: MSG.fieldRequired } });
    const wrong = errorsOf(v.object({ part: v.picklist(['morning', 'afternoon']) }), { part: 'night' });
    expect(wrong.part?.msg).toBe('Use one of: "morning", "afternoon".');
  });

  test("a list's limit past 200 says the bound; a negative one asks for a whole number", () => {
    expect(errorsOf(PageQuerySchema, { limit: '500' })).toEqual({
      limit: { msg: 'Use a number up to 200.' },
    });
    expect(errorsOf(PageQuerySchema, { limit: '-1' })).toEqual({ limit: { msg: 'Use a whole number.' } });
  });

  test('a body that is not an object says so; a message the schema gives is kept', () => {
    expect(Object.values(errorsOf(OutcomeInputSchema, null))).toEqual([{ msg: 'Send a JSON object.' }]);
    expect(errorsOf(v.object({ name: v.string('Name is required') }), { name: 3 })).toEqual({
      name: { msg: 'Name is required' },
    });
  });

  test('no error anywhere starts like a valibot default', () => {
    for (const input of [{}, null, { limit: 'x' }, { outcome: 5 }]) {
      for (const schema of [OutcomeInputSchema, PageQuerySchema]) {
        for (const { msg } of Object.values(errorsOf(schema, input)))
          expect(msg).not.toMatch(/^Invalid \w+:/);
      }
    }
  });
});
