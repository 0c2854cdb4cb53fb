import { REMOTE_NAMES, type RemoteName } from '@clinic/kit/mf';
import { describe, expect, it } from 'vitest';
import { composeHome, type RemoteScreens, remotesFor, screenAt } from './compose';
import { DECLARED } from './declarations.fixture';

function ready(remote: RemoteName, screens = DECLARED[remote]): RemoteScreens {
  return { remote, status: 'ready', screens };
}

describe('the /home area composed from the remotes’ declarations', () => {
  it('gives the medic the sidebar of the specification, in order (Sign out is the frame’s, last)', () => {
    const table = composeHome(
      'Medic',
      remotesFor(REMOTE_NAMES, 'Medic').map((r) => ready(r)),
    );
    expect(table.sidebar).toEqual([
      { label: 'Home', to: '/home' },
      { label: 'Calendar', to: '/home/calendar' },
      { label: 'Register Patient', to: '/home/register' },
      { label: 'Budgets', to: '/home/budget' },
      { label: 'Add Budget', to: '/home/addBudget' },
      { label: 'Clinic info', to: '/home/clinic-details' },
      { label: 'Update My Info', to: '/home/updateMedic' },
      { label: 'Treatments Info', to: '/home/infoTreatments' },
      // Beyond the specification's sidebar, after it: the reports, the waitlist and the recall list.
      { label: 'Reports', to: '/home/reports' },
      { label: 'Waitlist', to: '/home/waitlistDesk' },
      { label: 'Recalls', to: '/home/recalls' },
    ]);
    expect(table.headerButtons).toEqual([{ label: 'Payments', to: '/home/payments' }]);
  });

  it('gives the patient the sidebar of the specification, in order', () => {
    expect(remotesFor(REMOTE_NAMES, 'Patient')).toEqual(['portal']);
    const table = composeHome('Patient', [ready('portal')]);
    expect(table.sidebar.map((item) => item.label)).toEqual([
      'Home',
      'My data',
      'Update my data',
      'medical appointment request',
      'Clinic history',
      // Beyond the specification's sidebar, after it.
      'Waitlist',
    ]);
    expect(table.headerButtons).toEqual([{ label: 'Payments', to: '/home/payments' }]);
  });

  it('routes each path to its remote and title, static segments before parameters', () => {
    const table = composeHome(
      'Medic',
      remotesFor(REMOTE_NAMES, 'Medic').map((r) => ready(r)),
    );
    const at = (path: string) => {
      const routed = screenAt(table, path);
      return routed && [routed.remote, routed.screen.title];
    };
    expect(at('/home')).toEqual(['patients', 'Home']);
    expect(at('/home/calendar')).toEqual(['calendar', 'Calendar']);
    expect(at('/home/42')).toEqual(['patients', 'Patient details']);
    expect(at('/home/updateBudget/7')).toEqual(['budgets', 'Budget summary']);
    expect(at('/home/clinic-details/update-data')).toEqual(['clinic', 'Update Clinic Data']);
    expect(at('/home/payments')).toEqual(['budgets', 'Payments']);
    expect(at('/home/no/such/screen')).toBeUndefined();
  });

  it('lets the registry’s order decide when two remotes claim one path, with a warning', () => {
    const warnings: string[] = [];
    const clash = { path: '/home/calendar', userType: 'Medic', title: 'Other calendar' } as const;
    const table = composeHome(
      'Medic',
      [ready('calendar'), ready('budgets', [...DECLARED.budgets, clash])],
      (m) => warnings.push(m),
    );
    expect(screenAt(table, '/home/calendar')?.remote).toBe('calendar');
    expect(warnings).toEqual([
      expect.stringContaining('"calendar" and "budgets" both declare /home/calendar'),
    ]);
    const reversed = composeHome('Medic', [ready('budgets', [clash]), ready('calendar')], () => undefined);
    expect(screenAt(reversed, '/home/calendar')?.screen.title).toBe('Other calendar');
  });

  it('shows a remote whose declarations failed as unavailable; the other areas keep their screens', () => {
    const table = composeHome('Medic', [
      ready('patients'),
      { remote: 'calendar', status: 'failed' },
      ready('budgets'),
    ]);
    expect(table.unavailable).toEqual([{ remote: 'calendar', area: 'Calendar' }]);
    expect(table.sidebar.map((item) => item.label)).toEqual([
      'Home',
      'Register Patient',
      'Budgets',
      'Add Budget',
    ]);
    expect(screenAt(table, '/home/budget')?.remote).toBe('budgets');
    expect(screenAt(table, '/home/addEvolution/3')?.remote).toBe('patients');
    // '/home/:patientID' would catch the missing remote's '/home/calendar': not trusted meanwhile
    expect(screenAt(table, '/home/calendar')).toBeUndefined();
  });

  it('ignores screens declared for the other user type', () => {
    const table = composeHome('Patient', [ready('portal'), ready('budgets')]);
    expect(screenAt(table, '/home/payments')?.remote).toBe('portal');
    expect(screenAt(table, '/home/budget')).toBeUndefined();
  });
});
