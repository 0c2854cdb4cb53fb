/**
 * A remote's screen declarations: what the shell needs to route to a screen, title it and list it
 * in the sidebar, without loading the remote's code. Each remote writes them in one typed module
 * (`src/screens.ts`); its build publishes the data part as `screens.json` beside `mf-manifest.json`,
 * and the shell reads that file at run time. See docs/architecture.md, "Remotes own their routes".
 *
 * No React and nothing but valibot and the list of user types at run time: the build configs load
 * it in Node, the shell bundles only `parseScreens`.
 */

import { HOME, type RemoteName, USER_TYPES, type UserType } from '@clinic/worker/remotes';
import * as v from 'valibot';

export type { RemoteName, UserType };
export { HOME };

/** The file a remote's build writes beside its mf-manifest.json. */
export const SCREENS_FILE = 'screens.json';

/** Where a screen appears in the sidebar: entries of every remote are sorted by `place`. */
export interface SidebarPlace {
  label: string;
  place: number;
}

/** One screen as the shell sees it (the JSON a remote publishes). */
export interface ScreenDeclaration {
  /** Absolute, under /home, with `:name` parameters: '/home', '/home/updateBudget/:budgetID'. */
  path: string;
  userType: UserType;
  /** The header title while the screen is shown. */
  title: string;
  /** The screen's sidebar entry, when it has one (only paths without parameters). */
  sidebar?: SidebarPlace;
  /** The label of a header button leading to the screen (the Payments button). */
  headerButton?: string;
}

/** A screen as its remote writes it: the declaration plus how to load its component. */
export interface Screen<P = { title: string }> extends ScreenDeclaration {
  /**
   * Loads the screen's component, which receives the declared title. Use a dynamic import so the
   * screen is its own chunk; the area's entry screen can use `webpackMode: "eager"` to ship with it.
   */
  load: () => Promise<import('react').ComponentType<P>>;
}

/** What a remote publishes: its name and its screens. */
export interface ScreensFile {
  remote: RemoteName;
  screens: ScreenDeclaration[];
}

/** Typed helper for a remote's `src/screens.ts`. */
export function defineScreens(
  remote: RemoteName,
  screens: readonly Screen[],
): { remote: RemoteName; screens: readonly Screen[] } {
  return { remote, screens };
}

/** The JSON part of a remote's screens (what its build writes to screens.json). */
export function screensFile(remote: RemoteName, screens: readonly ScreenDeclaration[]): ScreensFile {
  return {
    remote,
    screens: screens.map(({ path, userType, title, sidebar, headerButton }) => ({
      path,
      userType,
      title,
      ...(sidebar ? { sidebar: { label: sidebar.label, place: sidebar.place } } : {}),
      ...(headerButton ? { headerButton } : {}),
    })),
  };
}

const text = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((value) => value.trim() !== '', message),
  );

const PathSchema = v.pipe(
  v.string('it has no path'),
  v.check((path) => path.trim() !== '', 'it has no path'),
  v.check(
    (path) => path === HOME || path.startsWith(`${HOME}/`),
    (issue) => `its path "${String(issue.input)}" is outside ${HOME}`,
  ),
  v.check(
    (path) => !(path.includes('*') || path.includes('//') || path.endsWith('/')),
    (issue) => `its path "${String(issue.input)}" is malformed`,
  ),
);

const MALFORMED_SIDEBAR = 'has a malformed sidebar entry';

/**
 * One screen of a screens.json. A problem with the path says it itself; any other is said of the
 * screen (`"<path>" has no title`), and only the first is reported.
 */
const DeclarationSchema = v.pipe(
  v.object(
    {
      path: PathSchema,
      userType: v.picklist(USER_TYPES, (issue) => `has an unknown user type "${String(issue.input)}"`),
      title: text('has no title'),
      sidebar: v.optional(
        v.object({ label: text(MALFORMED_SIDEBAR), place: v.number(MALFORMED_SIDEBAR) }, MALFORMED_SIDEBAR),
      ),
      headerButton: v.optional(text('has a malformed header button')),
    },
    'it is not an object',
  ),
  v.check(
    (screen) => !(screen.sidebar && screen.path.includes(':')),
    (issue) => `"${issue.input.path}" has parameters, so it cannot be a sidebar entry`,
  ),
);

const ScreensFileSchema = v.object({ screens: v.array(v.unknown()) });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkDeclaration(entry: unknown) {
  // A missing key is checked as undefined, so that its own message says what is wrong.
  const input = isRecord(entry)
    ? { path: undefined, userType: undefined, title: undefined, ...entry }
    : entry;
  return v.safeParse(DeclarationSchema, input, { abortEarly: true });
}

/** Why one declaration is refused, or null when it is well formed. */
export function declarationProblem(entry: unknown): string | null {
  const result = checkDeclaration(entry);
  if (result.success) return null;
  const [issue] = result.issues;
  // The path's own problems, and an entry that is no object, say themselves.
  if (!issue.path || issue.path[0]?.key === 'path') return issue.message;
  return `"${String((entry as { path?: unknown }).path)}" ${issue.message}`;
}

/**
 * Reads a remote's screens.json. Malformed declarations are refused one by one, each with a
 * console error naming the remote; the others are kept. Throws only when the document as a
 * whole is not a list of screens (the shell then shows the remote as unavailable).
 */
export function parseScreens(
  remote: string,
  json: unknown,
  report: (message: string) => void = (message) => console.error(message),
): ScreenDeclaration[] {
  const file = v.safeParse(ScreensFileSchema, json);
  if (!file.success) throw new Error(`Remote "${remote}" published no list of screens`);
  const screens: ScreenDeclaration[] = [];
  for (const entry of file.output.screens) {
    const result = checkDeclaration(entry);
    if (result.success) {
      screens.push(result.output);
    } else {
      report(`Remote "${remote}": screen declaration refused: ${declarationProblem(entry)}`);
    }
  }
  return screens;
}
