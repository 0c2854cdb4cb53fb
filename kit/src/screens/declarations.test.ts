import { describe, expect, it } from 'vitest';
import { declarationProblem, parseScreens, screensFile } from './declarations';

const good = {
  path: '/home/budget',
  userType: 'Medic',
  title: 'Budgets',
  sidebar: { label: 'Budgets', place: 40 },
};

function parse(screens: unknown[]): { kept: string[]; errors: string[] } {
  const errors: string[] = [];
  const kept = parseScreens('budgets', { remote: 'budgets', screens }, (m) => errors.push(m)).map(
    (s) => s.path,
  );
  return { kept, errors };
}

describe('screen declarations', () => {
  it('keeps well-formed declarations, parameters and the /home index included', () => {
    const screens = [
      good,
      { path: '/home', userType: 'Patient', title: 'Home' },
      { path: '/home/updateBudget/:budgetID', userType: 'Medic', title: 'Budget summary' },
      { path: '/home/payments', userType: 'Medic', title: 'Payments', headerButton: 'Payments' },
    ];
    expect(parse(screens)).toEqual({
      kept: ['/home/budget', '/home', '/home/updateBudget/:budgetID', '/home/payments'],
      errors: [],
    });
  });

  it.each([
    ['a missing path', { userType: 'Medic', title: 'X' }, 'has no path'],
    ['an empty path', { path: ' ', userType: 'Medic', title: 'X' }, 'has no path'],
    ['an unknown user type', { path: '/home/x', userType: 'Admin', title: 'X' }, 'unknown user type "Admin"'],
    ['no user type', { path: '/home/x', title: 'X' }, 'unknown user type'],
    ['a path outside /home', { path: '/admin', userType: 'Medic', title: 'X' }, 'outside /home'],
    ['a path that only starts like /home', { path: '/homeward', userType: 'Medic', title: 'X' }, 'outside'],
    ['a relative path', { path: 'budget', userType: 'Medic', title: 'X' }, 'outside /home'],
    ['a splat', { path: '/home/*', userType: 'Medic', title: 'X' }, 'malformed'],
    ['no title', { path: '/home/x', userType: 'Medic' }, 'has no title'],
    ['a sidebar without place', { ...good, sidebar: { label: 'Budgets' } }, 'malformed sidebar'],
    [
      'a sidebar entry on a path with parameters',
      { ...good, path: '/home/updateBudget/:id' },
      'cannot be a sidebar entry',
    ],
    ['a blank header button', { ...good, headerButton: '' }, 'malformed header button'],
    ['not an object', 'budget', 'not an object'],
    ['null', null, 'not an object'],
  ])('refuses %s with a console error naming the remote, and keeps the others', (_, bad, problem) => {
    const { kept, errors } = parse([good, bad]);
    expect(kept).toEqual(['/home/budget']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Remote "budgets"');
    expect(errors[0]).toContain(problem);
    expect(declarationProblem(bad)).toContain(problem);
  });

  it('reports to console.error by default and never throws for a bad entry', () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      expect(parseScreens('portal', { screens: [{ path: '/nowhere' }] })).toEqual([]);
    } finally {
      console.error = original;
    }
    expect(logged).toEqual([expect.stringContaining('Remote "portal"')]);
  });

  it('throws when the document is not a list of screens (the remote is then shown unavailable)', () => {
    expect(() => parseScreens('calendar', '<html>')).toThrow('Remote "calendar"');
    expect(() => parseScreens('calendar', { screens: {} })).toThrow('Remote "calendar"');
  });

  it('checks a malformed screens.json with its schema: wrong types refused one by one, extra keys dropped', () => {
    const errors: string[] = [];
    const json = JSON.parse(
      JSON.stringify({
        remote: 'budgets',
        screens: [
          { ...good, extra: 'dropped', sidebar: { label: 'Budgets', place: 40, icon: 'x' } },
          { path: '/home/a', userType: 'Medic', title: 42 },
          { path: '/home/b', userType: ['Medic'], title: 'B' },
          { path: '/home/c', userType: 'Medic', title: 'C', sidebar: { label: 'C', place: '40' } },
          { path: 7, userType: 'Medic', title: 'D' },
          { ...good, path: '/home/e/:id' },
        ],
      }),
    );
    expect(parseScreens('budgets', json, (m) => errors.push(m))).toEqual([good]);
    expect(errors).toEqual([
      'Remote "budgets": screen declaration refused: "/home/a" has no title',
      'Remote "budgets": screen declaration refused: "/home/b" has an unknown user type "Medic"',
      'Remote "budgets": screen declaration refused: "/home/c" has a malformed sidebar entry',
      'Remote "budgets": screen declaration refused: it has no path',
      'Remote "budgets": screen declaration refused: "/home/e/:id" has parameters, so it cannot be a sidebar entry',
    ]);
  });

  it('publishes only the data: screensFile drops the loaders', () => {
    const file = screensFile('budgets', [
      { ...good, userType: 'Medic', load: async () => () => null },
    ] as never);
    expect(JSON.parse(JSON.stringify(file))).toEqual({ remote: 'budgets', screens: [good] });
  });
});
