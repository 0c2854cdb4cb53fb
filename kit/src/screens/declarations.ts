/**
 * A remote's screen declarations: what the shell needs to route to a screen, title it and list it
 * in the sidebar, without loading the remote's code. Each remote writes them in one typed module
 * (`src/screens.ts`); its build publishes the data part as `screens.json` beside `mf-manifest.json`,
 * and the shell reads that file at run time. See docs/architecture.md, "Remotes own their routes".
 *
 * Pure TypeScript, no React and no imports at run time: the build configs load it in Node, the
 * shell bundles only `parseScreens`.
 */
import type { RemoteName, UserType } from '@clinic/worker/remotes';

export type { RemoteName, UserType };

/** The file a remote's build writes beside its mf-manifest.json. */
export const SCREENS_FILE = 'screens.json';

/** Every screen lives under this path; the shell owns everything else. */
export const HOME = '/home';

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

const USER_TYPES: readonly string[] = ['Medic', 'Patient'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Why one declaration is refused, or null when it is well formed. */
export function declarationProblem(entry: unknown): string | null {
  if (!isRecord(entry)) return 'it is not an object';
  const { path, userType, title, sidebar, headerButton } = entry;
  if (!nonEmpty(path)) return 'it has no path';
  if (path !== HOME && !path.startsWith(`${HOME}/`)) return `its path "${path}" is outside ${HOME}`;
  if (path.includes('*') || path.includes('//') || path.endsWith('/')) {
    return `its path "${path}" is malformed`;
  }
  if (typeof userType !== 'string' || !USER_TYPES.includes(userType)) {
    return `"${path}" has an unknown user type "${String(userType)}"`;
  }
  if (!nonEmpty(title)) return `"${path}" has no title`;
  if (sidebar !== undefined) {
    if (!isRecord(sidebar) || !nonEmpty(sidebar.label) || typeof sidebar.place !== 'number') {
      return `"${path}" has a malformed sidebar entry`;
    }
    if (path.includes(':')) return `"${path}" has parameters, so it cannot be a sidebar entry`;
  }
  if (headerButton !== undefined && !nonEmpty(headerButton)) return `"${path}" has a malformed header button`;
  return null;
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
  const list = isRecord(json) ? json.screens : undefined;
  if (!Array.isArray(list)) throw new Error(`Remote "${remote}" published no list of screens`);
  const screens: ScreenDeclaration[] = [];
  for (const entry of list as unknown[]) {
    const problem = declarationProblem(entry);
    if (problem) {
      report(`Remote "${remote}": screen declaration refused: ${problem}`);
      continue;
    }
    const { path, userType, title, sidebar, headerButton } = entry as unknown as ScreenDeclaration;
    screens.push({
      path,
      userType,
      title,
      ...(sidebar ? { sidebar: { label: sidebar.label, place: sidebar.place } } : {}),
      ...(headerButton ? { headerButton } : {}),
    });
  }
  return screens;
}
