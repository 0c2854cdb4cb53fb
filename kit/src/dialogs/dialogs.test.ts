import { describe, expect, test, vi } from 'vitest';
import { $dialogs, $toasts, choose, closeAfter, confirm, notify, SUCCESS_POPUP_MS } from './dialogs';

describe('notify and confirm', () => {
  test('a success is a status toast: no pop-up, resolved at once, gone by itself after 1500 ms', async () => {
    vi.useFakeTimers();
    try {
      await notify({ title: 'Turn successfully created.', icon: 'success' });
      expect($dialogs.get()).toEqual([]);
      expect($toasts.get().map((t) => t.title)).toEqual(['Turn successfully created.']);
      vi.advanceTimersByTime(SUCCESS_POPUP_MS - 1);
      expect($toasts.get()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect($toasts.get()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('queue pop-ups in order and resolve when each is closed', async () => {
    const first = notify({ title: 'Form not send', icon: 'info', timer: 1500 });
    const second = confirm({ title: 'Send?', confirmText: 'Send', cancelText: "Don't save" });
    expect($dialogs.get().map((d) => d.options.title)).toEqual(['Form not send', 'Send?']);

    $dialogs.get()[0]?.close(true);
    await expect(first).resolves.toBeUndefined();
    expect($dialogs.get().map((d) => d.kind)).toEqual(['confirm']);

    $dialogs.get()[0]?.close(false);
    await expect(second).resolves.toBe(false);
    expect($dialogs.get()).toEqual([]);
  });
});

describe('choose', () => {
  test('resolves the choice picked, or null when closed without one', async () => {
    const options = {
      title: 'Cancel turn 7?',
      choices: [
        { value: 'card', label: 'Refund to card' },
        { value: 'credit', label: 'Keep as credit' },
      ],
      cancelText: 'Keep it',
    };
    const picked = choose(options);
    const top = $dialogs.get()[0];
    expect(top?.kind).toBe('choose');
    if (top?.kind === 'choose') top.pick('credit');
    await expect(picked).resolves.toBe('credit');
    expect($dialogs.get()).toEqual([]);

    const dismissed = choose(options);
    $dialogs.get()[0]?.close(false);
    await expect(dismissed).resolves.toBeNull();
  });
});

describe('closeAfter', () => {
  test('a success pop-up closes by itself after 1500 ms unless it asks otherwise', () => {
    expect(SUCCESS_POPUP_MS).toBe(1500);
    expect(closeAfter({ title: 'Check your email box', icon: 'success' })).toBe(1500);
    expect(closeAfter({ title: 'Turn accepted!', icon: 'success', timer: 3000 })).toBe(3000);
    expect(closeAfter({ title: 'Registered successfully', icon: 'success', timer: false })).toBeUndefined();
  });

  test('errors, warnings and information stay until closed', () => {
    expect(closeAfter({ title: 'Error', icon: 'error' })).toBeUndefined();
    expect(closeAfter({ title: 'Please complete your information!', icon: 'warning' })).toBeUndefined();
    expect(closeAfter({ title: 'Form not send' })).toBeUndefined();
  });
});
