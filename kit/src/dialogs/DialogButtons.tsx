import type { ReactElement } from 'react';
import type { DialogRequest } from './dialogs';

/** A pop-up's buttons, the same in both of its views: OK; Cancel and confirm; Cancel and each choice. */
export function DialogButtons({ dialog }: { dialog: DialogRequest }): ReactElement {
  if (dialog.kind === 'confirm') {
    return (
      <>
        <button type="button" className="btn btn-secondary" onClick={() => dialog.close(false)}>
          {dialog.options.cancelText}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => dialog.close(true)}>
          {dialog.options.confirmText}
        </button>
      </>
    );
  }
  if (dialog.kind === 'choose') {
    return (
      <>
        <button type="button" className="btn btn-secondary" onClick={() => dialog.close(false)}>
          {dialog.options.cancelText}
        </button>
        {dialog.options.choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className="btn btn-primary"
            onClick={() => dialog.pick(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </>
    );
  }
  return (
    <button type="button" className="btn btn-primary" onClick={() => dialog.close(true)}>
      OK
    </button>
  );
}
