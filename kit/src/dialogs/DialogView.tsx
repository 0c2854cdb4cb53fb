import * as Dialog from '@radix-ui/react-dialog';
import { type ReactElement, useEffect } from 'react';
import { restoreFocus } from '../focus/returnFocus';
import { DialogButtons } from './DialogButtons';
import styles from './DialogView.module.css';
import { closeAfter, type DialogIcon, type DialogRequest } from './dialogs';

const ICON_GLYPH: Record<DialogIcon, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

function Icon({ icon }: { icon: DialogIcon | undefined }): ReactElement | null {
  if (!icon) return null;
  return (
    <span className={`${styles.icon} ${styles[icon]}`} aria-hidden="true">
      {ICON_GLYPH[icon]}
    </span>
  );
}

function DialogBody({ dialog }: { dialog: DialogRequest }): ReactElement {
  const { options } = dialog;
  const timer = dialog.kind === 'notify' ? closeAfter(dialog.options) : undefined;

  useEffect(() => {
    if (timer === undefined) return undefined;
    const handle = setTimeout(() => dialog.close(true), timer);
    return () => clearTimeout(handle);
  }, [dialog, timer]);

  return (
    <Dialog.Portal>
      <Dialog.Overlay className={styles.overlay} />
      <Dialog.Content
        className={styles.content}
        role={dialog.kind === 'notify' ? 'dialog' : 'alertdialog'}
        // Radix would focus what had the focus when it mounted (often the body, or a control its
        // answer removes): go back to the opener noted at open(), or the next control of the task.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          restoreFocus(dialog.back);
        }}
        // Radix expects either a Description or an explicit "no description".
        {...(options.text ? {} : { 'aria-describedby': undefined })}
      >
        <Icon icon={options.icon} />
        <Dialog.Title className={styles.title}>{options.title}</Dialog.Title>
        {options.text ? (
          <Dialog.Description className={styles.text}>{options.text}</Dialog.Description>
        ) : null}
        <div className={styles.actions}>
          <DialogButtons dialog={dialog} />
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** One open pop-up (Radix Dialog: focus trap, Escape, aria-modal). Loaded on first use. */
export default function DialogView({ dialog }: { dialog: DialogRequest }): ReactElement {
  return (
    <Dialog.Root
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) dialog.close(dialog.kind === 'notify');
      }}
    >
      <DialogBody dialog={dialog} />
    </Dialog.Root>
  );
}
