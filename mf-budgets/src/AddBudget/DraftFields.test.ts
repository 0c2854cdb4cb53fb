// @vitest-environment happy-dom
import { setClinic } from '@clinic/kit';
import type { Clinic } from '@clinic/worker/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DraftFields } from './DraftFields';
import type { DraftDiscount, DraftLine } from './lines';
import { treatment } from './treatment.fixture';

const LIST = [treatment('0601', 1500, 'Periapical X-ray'), treatment('0202', 6200, 'Composite filling')];

/** The server's GET /api/treatments: the rows whose code or description hold `q`. */
function answerOf(url: string): Response {
  const q = (new URL(url, 'http://clinic.test').searchParams.get('q') ?? '').toLowerCase();
  const rows = LIST.filter((t) => `${t.ID} ${t.description}`.toLowerCase().includes(q));
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(rows.length) },
  });
}

beforeEach(() => {
  setClinic({ currency: 'ARS' } as Clinic);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    answerOf(input instanceof Request ? input.url : String(input)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let current: readonly DraftLine[] = [];
function Harness(): ReturnType<typeof createElement> {
  const [lines, setLines] = useState<readonly DraftLine[]>([]);
  const [discount, setDiscount] = useState<DraftDiscount>({ kind: 'amount', text: '' });
  const [validUntil, setValidUntil] = useState('');
  current = lines;
  return createElement(DraftFields, {
    lines,
    setLines,
    discount,
    setDiscount,
    validUntil,
    setValidUntil,
    canAdd: true,
  });
}

const combobox = (): HTMLInputElement => screen.getByRole('combobox', { name: 'Treatment' });
const toothField = (): HTMLInputElement => screen.getByLabelText(/^Tooth/);

/** Types a code in the picker and chooses the treatment it finds. */
async function pick(code: string): Promise<void> {
  fireEvent.change(combobox(), { target: { value: code } });
  const option = await screen.findByRole('option', { name: new RegExp(`^${code} · `) });
  fireEvent.mouseDown(option);
  expect(combobox().value).toMatch(new RegExp(`^${code} · `));
}

describe('the budget builder, line by line', () => {
  test('adding a line empties its treatment and tooth and brings the focus back to the treatment', async () => {
    render(createElement(Harness));
    await pick('0601');
    fireEvent.change(toothField(), { target: { value: '36' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to budget' }));
    });
    expect(current.map((l) => [l.treatment.ID, l.toothID])).toEqual([['0601', 36]]);
    expect(toothField().value).toBe('');
    expect(combobox().value).toBe('');
    expect(document.activeElement).toBe(combobox());

    // the next line gets no tooth unless one is typed for it
    await pick('0202');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to budget' }));
    });
    expect(current.map((l) => [l.treatment.ID, l.toothID])).toEqual([
      ['0601', 36],
      ['0202', null],
    ]);
  });
});
