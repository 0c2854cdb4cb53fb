import { MSG } from '@clinic/worker/contract';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api';
import { $dialogs } from '../dialogs/dialogs';
import { staleSave } from './stale';

type Rec = { cellphone: string; city: string; street: string };
const formOf = (r: Rec) => ({ infoUser: { ...r } });

describe('staleSave (a 412 on a save)', () => {
  test('their change comes into a field left alone; a field typed on both sides keeps what was typed; both show their value', async () => {
    const base: Rec = { cellphone: '1155550000', city: 'Springfield', street: 'Main' };
    const current: Rec = { cellphone: '1155551111', city: 'Capital City', street: 'Main' };
    const values = { infoUser: { cellphone: '1155550000', city: 'Shelbyville', street: 'Elm' } };
    const set = vi.fn();
    const setServerErrors = vi.fn();
    const err = new ApiError(412, 'precondition_failed', MSG.staleRecord, undefined, current);
    const pending = staleSave(err, base, formOf, { values, set, setServerErrors });
    const dialog = $dialogs.get()[0];
    expect(dialog?.options.text).toContain('infoUser.cellphone, infoUser.city');
    dialog?.close(true);
    expect(await pending).toEqual(current);
    expect(set.mock.calls).toEqual([['infoUser.cellphone', '1155551111']]);
    expect(setServerErrors).toHaveBeenCalledWith({
      'infoUser.cellphone': { msg: `${MSG.changedByOther} 1155551111` },
      'infoUser.city': { msg: `${MSG.changedByOther} Capital City` },
    });
  });

  test('any other failure is not its business', async () => {
    const form = { values: {}, set: vi.fn(), setServerErrors: vi.fn() };
    expect(await staleSave(new ApiError(409, 'conflict', 'taken'), {}, () => ({}), form)).toBeNull();
    expect(await staleSave(new Error('x'), {}, () => ({}), form)).toBeNull();
  });
});
