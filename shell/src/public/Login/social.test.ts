// @vitest-environment happy-dom
import { SOCIAL_SIGN_IN_META } from '@clinic/worker/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { socialSignInConfigured } from './Login';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('"Sign in with Google" on the login page', () => {
  it('shows only when the worker says social sign-in is configured', () => {
    expect(socialSignInConfigured()).toBe(false);
    document.head.innerHTML = `<meta name="${SOCIAL_SIGN_IN_META}" content="off">`;
    expect(socialSignInConfigured()).toBe(false);
    document.head.innerHTML = `<meta name="${SOCIAL_SIGN_IN_META}" content="on">`;
    expect(socialSignInConfigured()).toBe(true);
  });
});
