import { MSG } from '@clinic/worker/contract';
import { ApiError } from '../api';
import { notify } from './dialogs';

/** Shows an API failure the way the product asks: 'Error' plus the server's msg. */
export async function notifyFailure(err: unknown, title: string = MSG.errorTitle): Promise<void> {
  await notify({ title, text: failureText(err), icon: 'error' });
}

/** What a failure says: the server's msg; no answer at all (status 0) says the form is kept. */
function failureText(err: unknown): string {
  if (!(err instanceof ApiError)) return MSG.somethingWentWrong;
  return err.status === 0 ? MSG.networkFailure : err.msg;
}

/**
 * A refused action (409: the server says why, such as the 24-hour rule) shows the server's msg;
 * any other failure the screen's own words (turns: 'Something went wrong, try again.').
 */
export async function notifyRefusal(err: unknown, otherwise: string): Promise<void> {
  const msg = err instanceof ApiError && err.status === 409 ? err.msg : otherwise;
  await notify({ title: msg, icon: 'error' });
}

/**
 * An update form the server refused ('Update forms'): its field errors go under the fields
 * with 'Your form has errors, please check it out.'; any other failure as `notifyFailure`.
 */
export async function notifyFormRefusal(
  err: unknown,
  setServerErrors: (errors: NonNullable<ApiError['errors']>) => void,
): Promise<void> {
  if (err instanceof ApiError && err.errors) {
    setServerErrors(err.errors);
    await notify({ title: MSG.invalidInput, icon: 'error' });
  } else {
    await notifyFailure(err);
  }
}
