import { atom } from 'nanostores';

export type DialogIcon = 'success' | 'error' | 'warning' | 'info';

export interface NotifyOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  /** Close by itself after this many milliseconds (SPEC: success pop-ups close after 1500 ms). */
  timer?: number;
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
