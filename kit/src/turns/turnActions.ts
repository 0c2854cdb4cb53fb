import {
  cancelRefused,
  decimalToTime,
  MSG,
  type Turn,
  turnIdAccepted,
  turnIdDeleted,
} from '@clinic/worker/contract';
import { useState } from 'react';
import { answer, api } from '../api';
import { type ChooseOptions, type ConfirmOptions, choose, confirm, notify } from '../dialogs/dialogs';
import { notifyRefusal } from '../dialogs/notifyFailure';
import { formatDate, formatLongDate } from '../format';

/** Who acts on a turn: the medic in the calendar, the patient on their appointments page. */
export type TurnSide = 'medic' | 'patient';

export type TurnAction = 'accept' | 'cancel';

/** A consultation whose budget is paid: cancelling it refunds nothing by itself. */
const paidBudget = (turn: Turn): boolean => turn.budgetPaid === true && turn.budgetID !== null;

/**
 * The confirm dialog before a cancel: the medic's names the turn and its patient. The patient's
 * writes the day with its weekday and month's name (their own turn), and for a paid consultation
 * says, on a line of its own, that the money is not refunded by the cancel itself.
 */
export function cancelQuestion(side: TurnSide, turn: Turn): ConfirmOptions {
  const time = decimalToTime(turn.time);
  const common = { confirmText: 'Cancel turn', cancelText: 'Keep it', icon: 'warning' } as const;
  if (side === 'medic') {
    return {
      ...common,
      title: `Cancel turn ${turn.ID}?`,
      text: `${turn.userPatient.lastName}, ${turn.userPatient.name} on ${formatDate(turn.date)} at ${time}`,
    };
  }
  const when = `${formatLongDate(turn.date)} at ${time}`;
  return {
    ...common,
    title: 'Cancel this turn?',
    text: paidBudget(turn) ? `${when}\n${MSG.patientPaidCancel}` : when,
  };
}

/** A paid consultation the clinic cancels: where its payment goes is chosen in the same dialog. */
export const paidConsultation = (side: TurnSide, turn: Turn): boolean => side === 'medic' && paidBudget(turn);

/** The medic's cancel of a paid consultation: it says so, and asks refund to the card or keep as credit. */
export function paidCancelQuestion(turn: Turn): ChooseOptions {
  const question = cancelQuestion('medic', turn);
  return {
    title: question.title,
    text: `${question.text} ${MSG.paidTurnCancel} (budget ${turn.budgetID})`,
    icon: 'warning',
    choices: [
      { value: 'card', label: MSG.refundToCard },
      { value: 'credit', label: MSG.keepAsCredit },
    ],
    cancelText: question.cancelText,
  };
}

/** The success pop-up after an accept or a cancel: the medic's names the turn by its ID. */
export function doneTitle(side: TurnSide, action: TurnAction, turn: Turn): string {
  if (side === 'medic') return action === 'accept' ? turnIdAccepted(turn.ID) : turnIdDeleted(turn.ID);
  return action === 'accept' ? MSG.turnAccepted : MSG.turnDeleted;
}

/**
 * Accept and cancel, the one implementation both sides use. Accepting sends the side's own
 * acceptance only. A patient cancelling a medic-accepted turn needs the contract's notice
 * (CANCEL_NOTICE_HOURS, judged on the clinic's clock): without it the refusal shows at once, before
 * any dialog or call; the turn's medic cancels at any time before it starts. Otherwise the user
 * confirms, then the turn is deleted. A refusal by the server shows its msg,
 * any other failure 'Something went wrong, try again.'. `timeZone` is the clinic's; `onChanged`
 * re-reads the turns after a change. `buttonOf` gives a turn's Accept or Cancel button its props,
 * disabled while that turn is being acted on.
 */
export function useTurnActions(
  side: TurnSide,
  on: { timeZone: string; onChanged: () => void },
): {
  accept: (turn: Turn) => Promise<void>;
  cancel: (turn: Turn) => Promise<void>;
  buttonOf: (turn: Turn, action: TurnAction) => { type: 'button'; disabled: boolean; onClick: () => void };
} {
  const { timeZone, onChanged } = on;
  const [busy, setBusy] = useState<number | null>(null);

  const run = async (turn: Turn, action: TurnAction, call: () => Promise<unknown>, text?: string) => {
    setBusy(turn.ID);
    try {
      await call();
      onChanged();
      await notify({ title: doneTitle(side, action, turn), ...(text ? { text } : {}), icon: 'success' });
    } catch (err) {
      await notifyRefusal(err, MSG.turnSomethingWrong);
    } finally {
      setBusy(null);
    }
  };

  const param = (turn: Turn) => ({ id: String(turn.ID) });
  const accept = (turn: Turn) =>
    run(turn, 'accept', () =>
      answer(
        api.turns.update[':id'].$put({
          param: param(turn),
          json: side === 'medic' ? { medicAccepts: true } : { patientAccepts: true },
        }),
      ),
    );
  const cancel = async (turn: Turn) => {
    if (side === 'patient' && cancelRefused(turn, new Date(), timeZone)) {
      await notify({ title: MSG.cancelNotice, icon: 'error' });
      return;
    }
    if (paidConsultation(side, turn)) {
      // Never automatic: the clinic chooses where the payment goes, and the patient's mail says which.
      const refund = await choose(paidCancelQuestion(turn));
      if (refund !== 'card' && refund !== 'credit') return;
      await run(
        turn,
        'cancel',
        () => answer(api.turns.delete[':id'].$delete({ param: param(turn), query: { refund } })),
        refund === 'card' ? MSG.refundedToCard : MSG.keptAsCredit,
      );
      return;
    }
    if (!(await confirm(cancelQuestion(side, turn)))) return;
    await run(turn, 'cancel', () =>
      answer(api.turns.delete[':id'].$delete({ param: param(turn), query: {} })),
    );
  };
  return {
    accept,
    cancel,
    buttonOf: (turn, action) => ({
      type: 'button',
      disabled: busy === turn.ID,
      onClick: () => void (action === 'accept' ? accept(turn) : cancel(turn)),
    }),
  };
}
