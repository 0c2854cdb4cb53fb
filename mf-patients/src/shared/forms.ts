import { ApiError, type FieldErrors, notify } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';

/** Shows an API failure the way SPEC §8 says: 'Error' plus the server's msg. */
export async function notifyFailure(err: unknown, title: string = MSG.errorTitle): Promise<void> {
  await notify({ title, text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong, icon: 'error' });
}

/** Field errors keyed like 'infoUser.name' → the message for one key, or undefined. */
export const errorOf =
  (errors: FieldErrors, show: (key: string) => boolean) =>
  (key: string): string | undefined =>
    show(key) ? errors[key]?.msg : undefined;
