import { atom } from 'nanostores';

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

export type DialogRequest =
  | { id: number; kind: 'notify'; options: NotifyOptions; close: (value: boolean) => void }
  | { id: number; kind: 'confirm'; options: ConfirmOptions; close: (value: boolean) => void };

/** Open pop-ups, oldest first; the DialogHost shows the first one. */
export const $dialogs = atom<readonly DialogRequest[]>([]);

let nextId = 1;

function open(kind: DialogRequest['kind'], options: NotifyOptions | ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const close = (value: boolean): void => {
      $dialogs.set($dialogs.get().filter((d) => d.id !== id));
      resolve(value);
    };
    const request =
      kind === 'notify'
        ? { id, kind, options: options as NotifyOptions, close }
        : { id, kind, options: options as ConfirmOptions, close };
    $dialogs.set([...$dialogs.get(), request]);
  });
}

/** Shows a pop-up alert; resolves when it is closed (by the user or its timer). */
export async function notify(options: NotifyOptions): Promise<void> {
  await open('notify', options);
}

/** Asks a yes/no question; resolves true for confirmText, false for cancelText or dismissal. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return open('confirm', options);
}
