import { type ReactElement, useEffect, useId, useRef } from 'react';
import { restoreFocus } from '../focus/returnFocus';
import { DialogButtons } from './DialogButtons';
import styles from './DialogView.module.css';
import type { DialogRequest } from './dialogs';

const ICON_GLYPH = { success: '✓', error: '!', warning: '!', info: 'i' } as const;

/**
 * A pop-up drawn with the browser's own modal <dialog> (focus kept inside, Escape closes, the page
 * behind inert), shipped with the shell. It stands in for DialogView when that part cannot be
 * loaded (the server or the network is down at the very moment an error must show), so a failed
 * request always shows its error instead of a blank page.
 */
export function PlainDialog({ dialog }: { dialog: DialogRequest }): ReactElement {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const { options } = dialog;
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
    return () => restoreFocus(dialog.back);
  }, [dialog]);
  return (
    <dialog
      ref={ref}
      className={`${styles.content} ${styles.plain}`}
      role={dialog.kind === 'notify' ? 'dialog' : 'alertdialog'}
      aria-labelledby={titleId}
      aria-describedby={options.text ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        dialog.close(dialog.kind === 'notify');
      }}
    >
      {options.icon ? (
        <span className={`${styles.icon} ${styles[options.icon]}`} aria-hidden="true">
          {ICON_GLYPH[options.icon]}
        </span>
      ) : null}
      <h2 id={titleId} className={styles.title}>
        {options.title}
      </h2>
      {options.text ? (
        <p id={textId} className={styles.text}>
          {options.text}
        </p>
      ) : null}
      <div className={styles.actions}>
        <DialogButtons dialog={dialog} />
      </div>
    </dialog>
  );
}
