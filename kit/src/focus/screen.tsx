import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { type ReactElement, useEffect, useRef } from 'react';
import { $clinic } from '../clinic/clinic';
import { useLocation } from '../router';
import { focusScreenHeading } from './returnFocus';

/** The product's name, for the title of screens shown before a clinic is known (signed out). */
export const APP_NAME = 'Clinic';

/** What a screen's browser tab reads: '<screen title> · <clinic name>' (WCAG 2.4.2). */
export function documentTitle(screen: string, clinicName?: string | null): string {
  return `${screen} · ${clinicName?.trim() || APP_NAME}`;
}

/** The last screen change, read out by the ScreenAnnouncer. */
const $announcement = atom('');

/**
 * Names the screen in the browser tab and, when the user comes to it by a client-side navigation
 * (not when the page is loaded), moves the focus to its heading and announces it. A change of the
 * query string alone (a list's filters) is not a new screen and leaves the focus where it is.
 */
export function useScreen(title: string): void {
  const clinic = useStore($clinic);
  const { key, pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(title, clinic?.name);
  }, [title, clinic?.name]);
  // React Router gives the document's first location the key 'default'.
  const loaded = useRef(key === 'default');
  const titleNow = useRef(title);
  titleNow.current = title;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen (path) changes
  useEffect(() => {
    if (loaded.current) {
      loaded.current = false;
      return;
    }
    focusScreenHeading();
    $announcement.set(titleNow.current);
  }, [pathname]);
}

/** The polite live region that reads out the new screen after a navigation. Mount once, in the shell. */
export function ScreenAnnouncer(): ReactElement {
  const message = useStore($announcement);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="screen-announcer">
      {message}
    </div>
  );
}
