import { REMOTE_NAMES } from '@clinic/worker/remotes';
import { type APIRequestContext, expect } from '@playwright/test';
import type { Role } from '../fixtures';

/** One screen to visit: its declared path, the URL with parameters filled, its declared title. */
export interface RouteVisit {
  path: string;
  url: string;
  title: string;
}

/** The signed-out screens and their titles (the shell's public routes). */
export const PUBLIC_ROUTES: readonly RouteVisit[] = [
  { path: '/', url: '/', title: 'Login' },
  { path: '/SignUp', url: '/SignUp', title: 'Sign up' },
  { path: '/PasswordReset', url: '/PasswordReset', title: 'Password reset' },
  { path: '/newPassword', url: '/newPassword', title: 'New password' },
];

interface Declared {
  path: string;
  userType: 'Medic' | 'Patient';
  title: string;
}

/**
 * Every screen of a role, read from the remotes' published declarations (screens.json, the list
 * the shell routes and titles from), so a screen added later is swept too. `request` is signed in
 * as that role; parameters are filled with records it may open.
 */
export async function routesOf(request: APIRequestContext, role: Role): Promise<RouteVisit[]> {
  const userType = role === 'medic' ? 'Medic' : 'Patient';
  const declared: Declared[] = [];
  for (const remote of REMOTE_NAMES) {
    const res = await request.get(`/mf/${remote}/screens.json`);
    expect(res.status(), `screens.json of ${remote}`).toBe(200);
    declared.push(...((await res.json()) as { screens: Declared[] }).screens);
  }
  const params: Record<string, string> = {};
  if (role === 'medic') {
    const patient = await firstPatient(request);
    params.patientID = String(patient);
    params.budgetID = String(await newBudget(request, patient));
  }
  return declared
    .filter((s) => s.userType === userType)
    .map((s) => ({
      path: s.path,
      title: s.title,
      url: s.path.replace(/:(\w+)/g, (_, name: string) => {
        const value = params[name];
        if (!value || value === 'undefined') throw new Error(`no value for :${name} in ${s.path}`);
        return value;
      }),
    }));
}

/** The ID of the first patient a signed-in medic sees. */
export async function firstPatient(request: APIRequestContext): Promise<number> {
  const [patient] = (await (await request.get('/api/patients?limit=1')).json()) as {
    Patient: { ID: number };
  }[];
  expect(patient, 'the demo clinic has a patient').toBeTruthy();
  return patient?.Patient.ID as number;
}

/** A one-line budget for `patient`, made by the signed-in medic; answers its ID. */
export async function newBudget(request: APIRequestContext, patient: number): Promise<number> {
  const treatments = (await (await request.get('/api/treatments?limit=1')).json()) as { ID: string }[];
  const budget = await request.post('/api/Budgets', {
    data: { PatientID: patient, treatments: [{ ID: treatments[0]?.ID, quantity: 1 }] },
  });
  expect(budget.status(), await budget.text()).toBe(201);
  return ((await budget.json()) as { ID: number }).ID;
}
