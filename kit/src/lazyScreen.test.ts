// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadable } from './lazyScreen';

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? createElement('p', null, `failed: ${this.state.error}`) : this.props.children;
  }
}

const Hello = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);

afterEach(cleanup);

describe('loadable', () => {
  test('shows a spinner, then the component as soon as its module arrives, asking for it once', async () => {
    let resolve: (c: typeof Hello) => void = () => undefined;
    let asked = 0;
    const Screen = loadable(() => {
      asked += 1;
      return new Promise<typeof Hello>((r) => {
        resolve = r;
      });
    });
    render(
      createElement(
        'div',
        null,
        createElement(Screen, { name: 'Ada' }),
        createElement(Screen, { name: 'Bo' }),
      ),
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    await act(async () => resolve(Hello));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.getByText('Hello Bo')).toBeTruthy();
    expect(asked).toBe(1);
  });

  test('a failed load reaches the error boundary, and the next mount asks again', async () => {
    // React reports the error the boundary caught on the console; the test reads the boundary.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempt = 0;
    const Screen = loadable(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk failed');
      return Hello;
    });
    const first = render(createElement(Boundary, null, createElement(Screen, { name: 'Ada' })));
    await act(async () => undefined);
    expect(screen.getByText('failed: Error: chunk failed')).toBeTruthy();
    first.unmount();
    render(createElement(Boundary, null, createElement(Screen, { name: 'Ada' })));
    await act(async () => undefined);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(attempt).toBe(2);
    reported.mockRestore();
  });
});
