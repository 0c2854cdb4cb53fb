import { matchRoutes } from '@clinic/kit';
import { areaName, REMOTES, type RemoteName, type UserType } from '@clinic/kit/mf';
import type { ScreenDeclaration } from '@clinic/kit/screens';

/** What one remote's declarations gave: its screens, or why they could not be read. */
export type RemoteScreens =
  | { remote: RemoteName; status: 'ready'; screens: readonly ScreenDeclaration[] }
  | { remote: RemoteName; status: 'failed' };

export interface RoutedScreen {
  remote: RemoteName;
  screen: ScreenDeclaration;
}

export interface SidebarLink {
  label: string;
  to: string;
}

/** The /home area of one user type, composed at run time from its remotes' declarations. */
export interface HomeTable {
  routes: RoutedScreen[];
  /** Declared sidebar entries by place (the frame adds Sign out last). */
  sidebar: SidebarLink[];
  headerButtons: SidebarLink[];
  /** Remotes whose declarations could not be read, with the name the sidebar shows. */
  unavailable: { remote: RemoteName; area: string }[];
}

/** Anything but 'Patient' signs in as a medic. */
export function userTypeOf(sessionUserType: string): UserType {
  return sessionUserType === 'Patient' ? 'Patient' : 'Medic';
}

/** The remotes of the registry (in its order) that fill this user type's area. */
export function remotesFor(registryOrder: readonly string[], userType: UserType): RemoteName[] {
  const serving = new Set<string>(
    REMOTES.filter((r) => (r.serves as readonly string[]).includes(userType)).map((r) => r.name),
  );
  return registryOrder.filter((name): name is RemoteName => serving.has(name));
}

/** '/home/Things/:thingID' and '/home/things/:id' are one path to the router. */
function routeKey(path: string): string {
  return path
    .toLowerCase()
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':' : segment))
    .join('/');
}

/**
 * Builds the route table, sidebar and header buttons from the remotes' screens, in registry
 * order: when two remotes declare one path, the first keeps it and a warning is logged.
 */
export function composeHome(
  userType: UserType,
  results: readonly RemoteScreens[],
  warn: (message: string) => void = (message) => console.warn(message),
): HomeTable {
  const owners = new Map<string, RemoteName>();
  const routes: RoutedScreen[] = [];
  const places: (SidebarLink & { place: number })[] = [];
  const headerButtons: SidebarLink[] = [];
  const unavailable: HomeTable['unavailable'] = [];
  for (const result of results) {
    if (result.status === 'failed') {
      unavailable.push({ remote: result.remote, area: areaName(result.remote) });
      continue;
    }
    for (const screen of result.screens) {
      if (screen.userType !== userType) continue;
      const key = routeKey(screen.path);
      const owner = owners.get(key);
      if (owner !== undefined) {
        warn(`Remotes "${owner}" and "${result.remote}" both declare ${screen.path}: "${owner}" keeps it`);
        continue;
      }
      owners.set(key, result.remote);
      routes.push({ remote: result.remote, screen });
      if (screen.sidebar)
        places.push({ label: screen.sidebar.label, to: screen.path, place: screen.sidebar.place });
      if (screen.headerButton) headerButtons.push({ label: screen.headerButton, to: screen.path });
    }
  }
  places.sort((a, b) => a.place - b.place);
  return { routes, sidebar: places.map(({ label, to }) => ({ label, to })), headerButtons, unavailable };
}

/**
 * The declared screen a /home path shows, matched as the remote's own router will match it.
 * While a remote is unavailable its paths are unknown, so a path caught by a screen whose first
 * segment is a parameter ('/home/:id' catching another remote's '/home/list') is not trusted: none.
 */
export function screenAt(table: HomeTable, pathname: string): RoutedScreen | undefined {
  const matches = matchRoutes(
    table.routes.map((routed, index) => ({ path: routed.screen.path, id: String(index) })),
    pathname,
  );
  const id = matches?.at(-1)?.route.id;
  const routed = id === undefined ? undefined : table.routes[Number(id)];
  if (routed && table.unavailable.length > 0 && routed.screen.path.split('/')[2]?.startsWith(':')) {
    return undefined;
  }
  return routed;
}
