import { atom } from 'nanostores';
import {
  capturedNothing,
  captureFocus,
  type FocusReturn,
  recoverLostFocus,
  trackFocus,
} from '../focus/returnFocus';

export type DialogIcon = 'success' | 'error' | 'warning' | 'info';

export interface NotifyOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  /**
   * Close by itself after this many milliseconds. A success pop-up closes after
   * SUCCESS_POPUP_MS unless it says otherwise; `false` keeps it open until the user closes it.
   */
  timer?: number | false;
}

/** Success pop-ups close by themselves after a second and a half. */
export const SUCCESS_POPUP_MS = 1500;

/** How long a pop-up stays by itself: its own timer, else SUCCESS_POPUP_MS for a success, else until closed. */
export function closeAfter(options: NotifyOptions): number | undefined {
  if (options.timer === false) return undefined;
  return options.timer ?? (options.icon === 'success' ? SUCCESS_POPUP_MS : undefined);
}

export interface ConfirmOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  confirmText: string;
  cancelText: string;
}

/** A question with several answers besides "no" (each a button); `choose` resolves the one picked. */
export interface ChooseOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  choices: readonly { value: string; label: string }[];
  cancelText: string;
}

/** Where the focus goes when the pop-up closes (see restoreFocus). */
interface Returns {
  back: FocusReturn;
}

export type DialogRequest =
  | ({ id: number; kind: 'notify'; options: NotifyOptions; close: (value: boolean) => void } & Returns)
  | ({ id: number; kind: 'confirm'; options: ConfirmOptions; close: (value: boolean) => void } & Returns)
  | ({
      id: number;
      kind: 'choose';
      options: ChooseOptions;
      close: (value: boolean) => void;
      /** Closes the pop-up with this choice. */
      pick: (value: string) => void;
    } & Returns);

/** Open pop-ups, oldest first; the DialogHost shows the first one. */
export const $dialogs = atom<readonly DialogRequest[]>([]);

let nextId = 1;

/** Where the last pop-up to close sent the focus: a pop-up opened right after it goes back there too. */
let lastBack: FocusReturn | null = null;

function open(
  kind: DialogRequest['kind'],
  options: NotifyOptions | ConfirmOptions | ChooseOptions,
  onPick: (value: string) => void = () => {},
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const here = captureFocus();
    const back = capturedNothing(here) ? ($dialogs.get()[0]?.back ?? lastBack ?? here) : here;
    const close = (value: boolean): void => {
      lastBack = back;
      $dialogs.set($dialogs.get().filter((d) => d.id !== id));
      resolve(value);
    };
    const pick = (value: string): void => {
      onPick(value);
      close(true);
    };
    const request: DialogRequest =
      kind === 'notify'
        ? { id, kind, options: options as NotifyOptions, close, back }
        : kind === 'confirm'
          ? { id, kind, options: options as ConfirmOptions, close, back }
          : { id, kind, options: options as ChooseOptions, close, pick, back };
    $dialogs.set([...$dialogs.get(), request]);
  });
}

/** A success message shown as a status toast: announced, never modal, never focused. */
export interface Toast {
  id: number;
  title: string;
  text?: string;
}

/** Status toasts on screen, oldest first; the DialogHost's live region shows them. */
export const $toasts = atom<readonly Toast[]>([]);

// A toast takes no focus, but a form that saved may have lost it (its button was disabled while
// saving): the toast puts it back where it was, or next to it, never leaving it on the body.
trackFocus();

function showToast(options: NotifyOptions): void {
  const id = nextId++;
  $toasts.set([
    ...$toasts.get(),
    { id, title: options.title, ...(options.text ? { text: options.text } : {}) },
  ]);
  setTimeout(
    () => $toasts.set($toasts.get().filter((t) => t.id !== id)),
    closeAfter(options) ?? SUCCESS_POPUP_MS,
  );
}

/**
 * Shows a message. A success (that does not ask to stay open with `timer: false`) is a status
 * toast that takes no focus and blocks nothing: it resolves at once and closes by itself. Any
 * other message is a modal pop-up and resolves when it is closed (by the user or its timer).
 */
export async function notify(options: NotifyOptions): Promise<void> {
  if (options.icon === 'success' && options.timer !== false) {
    showToast(options);
    recoverLostFocus(closeAfter(options) ?? SUCCESS_POPUP_MS);
    return;
  }
  await open('notify', options);
}

/** Asks a yes/no question; resolves true for confirmText, false for cancelText or dismissal. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return open('confirm', options);
}

/**
 * Asks a question with several answers (`choices`, each a button) and a way out (`cancelText`);
 * resolves the value of the choice picked, or null for cancelText or dismissal.
 */
export async function choose(options: ChooseOptions): Promise<string | null> {
  let picked: string | null = null;
  const chosen = await open('choose', options, (value) => {
    picked = value;
  });
  return chosen ? picked : null;
}
