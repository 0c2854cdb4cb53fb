import { describe, expect, test } from 'vitest';
import { $dialogs, confirm, notify } from './dialogs';

describe('notify and confirm', () => {
  test('queue pop-ups in order and resolve when each is closed', async () => {
    const first = notify({ title: 'Turn successfully created.', icon: 'success', timer: 1500 });
    const second = confirm({ title: 'Send?', confirmText: 'Send', cancelText: "Don't save" });
    expect($dialogs.get().map((d) => d.options.title)).toEqual(['Turn successfully created.', 'Send?']);

    $dialogs.get()[0]?.close(true);
    await expect(first).resolves.toBeUndefined();
    expect($dialogs.get().map((d) => d.kind)).toEqual(['confirm']);

    $dialogs.get()[0]?.close(false);
    await expect(second).resolves.toBe(false);
    expect($dialogs.get()).toEqual([]);
  });
});
