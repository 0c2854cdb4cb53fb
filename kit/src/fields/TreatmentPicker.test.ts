// @vitest-environment happy-dom
import { type Clinic, formatMoney, type Treatment } from '@clinic/worker/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setClinic } from '../clinic/clinic';
import { TreatmentPicker } from './TreatmentPicker';

const treatment = (ID: string, description: string): Treatment => ({
  ID,
  creationDate: '2026-01-01',
  updateDate: '2026-01-01',
  treatmentType: 'type',
  description,
  price: 100,
  ClinicID: 1,
});

/** A price list of 250; the last one, the 250th, is the only gold inlay. */
const LIST = [
  ...Array.from({ length: 249 }, (_, i) =>
    treatment(`T${String(i + 1).padStart(3, '0')}`, `Filler ${i + 1}`),
  ),
  treatment('X250', 'Gold inlay'),
];

/** The server's GET /api/treatments: the rows whose code or description hold `q`, `limit` of them. */
function answerOf(url: string): Response {
  const query = new URL(url, 'http://clinic.test').searchParams;
  const q = (query.get('q') ?? '').toLowerCase();
  const matches = LIST.filter((t) => `${t.ID} ${t.description}`.toLowerCase().includes(q));
  const rows = matches.slice(0, Number(query.get('limit')));
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(matches.length) },
  });
}

/** Each call's answer is held until the test releases it, so the order answers arrive in is chosen. */
let held: { url: string; release: () => void }[] = [];
beforeEach(() => {
  held = [];
  // The clinic (its currency) is loaded already, as on any screen after sign-in.
  setClinic({ currency: 'ARS' } as Clinic);
  vi.stubGlobal(
    'fetch',
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) => {
        const url = input instanceof Request ? input.url : String(input);
        held.push({ url, release: () => resolve(answerOf(url)) });
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const releaseAll = async (): Promise<void> => {
  await act(async () => {
    for (const h of held.splice(0)) h.release();
  });
};

let chosen: Treatment | null = null;
function Harness(): ReturnType<typeof createElement> {
  const [value, setValue] = useState<Treatment | null>(null);
  chosen = value;
  return createElement(TreatmentPicker, { value, onChange: setValue });
}

const combobox = (): HTMLInputElement => screen.getByRole('combobox', { name: 'Treatment' });
const key = (k: string): void => {
  fireEvent.keyDown(combobox(), { key: k });
};

describe('the searchable treatment picker', () => {
  test('the 250th treatment is asked of the server by what is typed, and Enter chooses it', async () => {
    render(createElement(Harness));
    fireEvent.change(combobox(), { target: { value: 'gold' } });
    expect(held.map((h) => new URL(h.url, 'http://clinic.test').searchParams.get('q'))).toEqual(['gold']);
    await releaseAll();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      `X250 · Gold inlay (${formatMoney(100, 'ARS')})`,
    ]);
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    key('Enter');
    expect(chosen?.ID).toBe('X250');
    expect(combobox().value).toBe(`X250 · Gold inlay (${formatMoney(100, 'ARS')})`);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  test('the arrow keys move through the matches; Escape closes the list, then empties the field', async () => {
    render(createElement(Harness));
    key('ArrowDown');
    await releaseAll();
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(20);
    expect(screen.getByRole('status').textContent).toBe('20 of 250 treatments shown: type to narrow them');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowUp');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(chosen?.ID).toBe('T002');
    key('ArrowDown');
    key('Escape');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(chosen?.ID).toBe('T002');
    key('Escape');
    expect(combobox().value).toBe('');
    expect(chosen).toBeNull();
  });

  test('editing the text drops the choice: the field never names one treatment while holding another', async () => {
    render(createElement(Harness));
    fireEvent.change(combobox(), { target: { value: 'X250' } });
    await releaseAll();
    key('Enter');
    expect(chosen?.ID).toBe('X250');
    fireEvent.change(combobox(), { target: { value: 'X25' } });
    expect(chosen).toBeNull();
  });

  test('a late answer to an older search is never shown over the newer one', async () => {
    render(createElement(Harness));
    fireEvent.change(combobox(), { target: { value: 'filler 1' } });
    fireEvent.change(combobox(), { target: { value: 'gold' } });
    const [older, newer] = held;
    await act(async () => newer?.release());
    await act(async () => older?.release());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      `X250 · Gold inlay (${formatMoney(100, 'ARS')})`,
    ]);
  });
});
