// @vitest-environment happy-dom
import { CANCEL_NOTICE_HOURS, MSG, type Turn } from '@clinic/worker/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $dialogs, $toasts } from '../dialogs/dialogs';
import { cancelQuestion, doneTitle, paidCancelQuestion, type TurnSide, useTurnActions } from './turnActions';

const HOUR = 3_600_000;

/** A turn starting `hoursAhead` from now (UTC clinic), accepted by the medic unless said otherwise. */
function turnIn(hoursAhead: number, change: Partial<Turn> = {}): Turn {
  const start = new Date(Date.now() + hoursAhead * HOUR);
  return {
    ID: 41,
    date: start.toISOString().slice(0, 10),
    time: start.getUTCHours() + start.getUTCMinutes() / 60,
    duration: 0.5,
    description: 'Cleaning',
    medicAccepts: true,
    patientAccepts: false,
    MedicID: 1,
    PatientID: 3,
    isConsultation: false,
    budgetID: null,
    budgetPaid: null,
    confirmedBy: null,
    confirmedByMedicID: null,
    hoursFlag: null,
    userPatient: { name: 'Ana', lastName: 'Diaz', document: '30111222' },
    outcome: null,
    patientConfirmed: false,
    emailConfirmed: true,
    ...change,
  };
}

/** The success toast that shows once the action is done (toasts block nothing, so nothing closes them). */
async function toastShown(title: string): Promise<void> {
  await vi.waitFor(() => expect($toasts.get().map((t) => t.title)).toContain(title));
}

/** Closes the pop-up on top with `answer` once it shows, and says what it was. */
async function closeDialog(answer: boolean): Promise<string | undefined> {
  await vi.waitFor(() => expect($dialogs.get().length).toBeGreaterThan(0));
  const top = $dialogs.get()[0];
  top?.close(answer);
  return top?.options.title;
}

function actions(side: TurnSide) {
  const onChanged = vi.fn();
  const { result } = renderHook(() => useTurnActions(side, { timeZone: 'UTC', onChanged }));
  return { result, onChanged };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"ID":41,"deleted":true}', { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  $dialogs.set([]);
  $toasts.set([]);
});

describe('turn accept and cancel, one implementation for the medic and the patient', () => {
  test(`a medic-accepted turn less than ${CANCEL_NOTICE_HOURS} hours away is refused at once: no dialog, no call`, async () => {
    const { result, onChanged } = actions('patient');
    const done = result.current.cancel(turnIn(CANCEL_NOTICE_HOURS - 1));
    expect(await closeDialog(true)).toBe(MSG.cancelNotice);
    await act(() => done);
    expect(fetch).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  test('a turn the medic has not accepted yet may be cancelled within the notice', async () => {
    const { result } = actions('patient');
    const done = result.current.cancel(turnIn(2, { medicAccepts: false }));
    expect(await closeDialog(true)).toBe('Cancel this turn?');
    await act(() => done);
    await toastShown(MSG.turnDeleted);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/turns/delete/41');
  });

  test("the turn's medic cancels within the notice: asked, then deleted (the 24-hour rule binds the patient)", async () => {
    const { result } = actions('medic');
    const done = result.current.cancel(turnIn(2));
    expect(await closeDialog(true)).toBe('Cancel turn 41?');
    await act(() => done);
    await toastShown('Turn ID 41 deleted!');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/turns/delete/41');
  });

  test('a paid consultation is cancelled only once the medic chooses refund or credit, sent with the cancel', async () => {
    const paid = turnIn(72, { isConsultation: true, budgetID: 12, budgetPaid: true });
    const { result } = actions('medic');
    let done = result.current.cancel(paid);
    await vi.waitFor(() => expect($dialogs.get()[0]?.kind).toBe('choose'));
    $dialogs.get()[0]?.close(false);
    await act(() => done);
    expect(fetch).not.toHaveBeenCalled();

    done = result.current.cancel(paid);
    await vi.waitFor(() => expect($dialogs.get()[0]?.kind).toBe('choose'));
    const top = $dialogs.get()[0];
    if (top?.kind === 'choose') top.pick('credit');
    await act(() => done);
    await toastShown('Turn ID 41 deleted!');
    expect($toasts.get().map((t) => t.text)).toContain(MSG.keptAsCredit);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/turns/delete/41?refund=credit');
  });

  test('cancelling asks first; keeping the turn sends nothing', async () => {
    const { result } = actions('medic');
    const done = result.current.cancel(turnIn(CANCEL_NOTICE_HOURS + 48));
    expect(await closeDialog(false)).toBe('Cancel turn 41?');
    await act(() => done);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("accepting sends the side's own acceptance only, then re-reads and says so", async () => {
    for (const [side, body, title] of [
      ['medic', '{"medicAccepts":true}', 'Turn ID 41 accepted!'],
      ['patient', '{"patientAccepts":true}', MSG.turnAccepted],
    ] as const) {
      vi.mocked(fetch).mockClear();
      const { result, onChanged } = actions(side);
      await act(() => result.current.accept(turnIn(72)));
      await toastShown(title);
      const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
      expect(String(url)).toBe('/api/turns/update/41');
      expect(init?.body).toBe(body);
      expect(onChanged).toHaveBeenCalledOnce();
    }
  });

  test('a turn being acted on has its buttons disabled until the action ends', async () => {
    const { result } = actions('medic');
    const turn = turnIn(72);
    expect(result.current.buttonOf(turn, 'cancel')).toMatchObject({ type: 'button', disabled: false });
    act(() => result.current.buttonOf(turn, 'accept').onClick());
    await vi.waitFor(() => expect(result.current.buttonOf(turn, 'cancel').disabled).toBe(true));
    expect(result.current.buttonOf(turnIn(72, { ID: 42 }), 'cancel').disabled).toBe(false);
    await vi.waitFor(() => expect(result.current.buttonOf(turn, 'accept').disabled).toBe(false));
  });

  test("a refusal shows the server's msg; any other failure 'Something went wrong, try again.'", async () => {
    const { result } = actions('medic');
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response('{"error":"conflict","msg":"Pay first"}', { status: 409 }),
    );
    let done = result.current.accept(turnIn(72));
    expect(await closeDialog(true)).toBe('Pay first');
    await act(() => done);
    vi.mocked(fetch).mockResolvedValueOnce(new Response('{}', { status: 500 }));
    done = result.current.accept(turnIn(72));
    expect(await closeDialog(true)).toBe(MSG.turnSomethingWrong);
    await act(() => done);
  });
});

describe('the words of each side', () => {
  const turn = turnIn(72, { ID: 7, date: '2030-01-07', time: 9.5 });
  test("the medic's confirm names the turn and its patient; the patient's the date and time", () => {
    expect(cancelQuestion('medic', turn)).toMatchObject({
      title: 'Cancel turn 7?',
      text: 'Diaz, Ana on 01/07/2030 at 09:30',
    });
    // the patient's own turn: the weekday and the month's name, which no date order can misread
    expect(cancelQuestion('patient', turn)).toMatchObject({
      title: 'Cancel this turn?',
      text: 'Monday, January 7, 2030 at 09:30',
    });
  });
  test("a paid consultation: the medic's question says it was paid and offers refund or credit", () => {
    const paid = { ...turn, budgetID: 12, budgetPaid: true };
    expect(paidCancelQuestion(paid)).toMatchObject({
      title: 'Cancel turn 7?',
      text: `Diaz, Ana on 01/07/2030 at 09:30 ${MSG.paidTurnCancel} (budget 12)`,
      choices: [
        { value: 'card', label: 'Refund to card' },
        { value: 'credit', label: 'Keep as credit' },
      ],
      cancelText: 'Keep it',
    });
  });
  test("a paid consultation: the patient's confirm says the cancel refunds nothing by itself", () => {
    const paid = { ...turn, isConsultation: true, budgetID: 12, budgetPaid: true };
    expect(cancelQuestion('patient', paid).text).toBe(
      'Monday, January 7, 2030 at 09:30\nThis consultation is paid: cancelling it does not refund it by itself. The clinic refunds it to your card or keeps it as credit for your next budget.',
    );
    // unpaid, or no budget at all: nothing about money
    expect(cancelQuestion('patient', { ...paid, budgetPaid: false }).text).toBe(
      'Monday, January 7, 2030 at 09:30',
    );
    expect(cancelQuestion('patient', { ...paid, budgetID: null }).text).toBe(
      'Monday, January 7, 2030 at 09:30',
    );
  });
  test('the success pop-ups', () => {
    expect(doneTitle('medic', 'cancel', turn)).toBe('Turn ID 7 deleted!');
    expect(doneTitle('patient', 'cancel', turn)).toBe(MSG.turnDeleted);
  });
});
