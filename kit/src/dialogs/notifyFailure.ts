import { MSG } from '@clinic/worker/contract';
import { ApiError } from '../api';
import { notify } from './dialogs';

/** Shows an API failure the way SPEC §8 says: 'Error' plus the server's msg. */
export async function notifyFailure(err: unknown, title: string = MSG.errorTitle): Promise<void> {
  await notify({ title, text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong, icon: 'error' });
}
