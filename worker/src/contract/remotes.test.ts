import { describe, expect, test } from 'vitest';
import { isUnderHome } from './remotes';

describe('isUnderHome: the paths of the home frame, as the router matches them', () => {
  test.each(['/home', '/home/', '/home/payments', '/Home/appointment', '/HOME'])('%s is', (path) => {
    expect(isUnderHome(path)).toBe(true);
  });
  test.each(['/', '/homework', '/SignUp', '/homes/1', '/x/home'])('%s is not', (path) => {
    expect(isUnderHome(path)).toBe(false);
  });
});
