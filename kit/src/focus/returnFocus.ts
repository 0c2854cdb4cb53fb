/** The id of the screen's heading: the shell header's h1, or the public card's h1. */
export const SCREEN_HEADING_ID = 'screen-heading';

/** Moves the focus to the screen's heading (focusable by script only); false when there is none. */
export function focusScreenHeading(): boolean {
  const heading = document.getElementById(SCREEN_HEADING_ID);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return document.activeElement === heading;
}

/** What can take the keyboard focus (a tabbable control, not a script-only target). */
const FOCUSABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The areas a control belongs to, innermost first: where its task goes on when it is gone. */
const SCOPES = 'form, li, section, [role="region"], main';

/** One area around the opener, and the controls that followed the opener in it. */
interface Scope {
  area: HTMLElement;
  following: readonly HTMLElement[];
}

/**
 * Where the focus goes back when a pop-up closes: the control that had it when the pop-up opened
 * and, for when that control is gone (a cancelled turn's CANCEL, a picked patient's button), the
 * areas around it (form, record, section, main), each with the controls that followed it there.
 */
export interface FocusReturn {
  opener: HTMLElement | null;
  scopes: readonly Scope[];
}

const NOWHERE: FocusReturn = { opener: null, scopes: [] };

/** Where the focus last was (see `trackFocus`). */
let lastFocus: FocusReturn = NOWHERE;

/**
 * Keeps noting where the focus is, so that a message shown after the focus was lost (a saving
 * form disabled the button that had it) can put it back. Once per page; nothing outside a browser.
 */
export function trackFocus(): void {
  if (typeof document === 'undefined') return;
  document.addEventListener('focusin', () => {
    const here = captureFocus();
    if (!capturedNothing(here)) lastFocus = here;
  });
}

/**
 * For `ms` after a success (a toast), puts back the focus whenever the page loses it (it falls to
 * the body): where it last was, or near it. The control that had it may go a moment after the
 * message (a cancelled turn's record leaves the list once it is read again).
 */
export function recoverLostFocus(ms: number): void {
  if (typeof document === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  const until = Date.now() + ms;
  const watch = (): void => {
    const active = document.activeElement;
    // the form may lose it again as it starts anew after the save: keep watching until the end
    if (!active || active === document.body || !active.isConnected) restoreFocus(lastFocus);
    if (Date.now() < until) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** Whether a capture found no control to go back to. */
export const capturedNothing = (back: FocusReturn): boolean => back.opener === null;

/** Notes where the focus is, as a pop-up opens. Outside a browser (unit tests) it notes nothing. */
export function captureFocus(): FocusReturn {
  if (typeof document === 'undefined') return NOWHERE;
  const opener = document.activeElement;
  if (!(opener instanceof HTMLElement) || opener === document.body) return NOWHERE;
  // A pop-up opened from another pop-up goes back where the first one would have.
  if (opener.closest('[role="dialog"], [role="alertdialog"]')) return NOWHERE;
  const scopes: Scope[] = [];
  for (let area = opener.parentElement?.closest<HTMLElement>(SCOPES); area; ) {
    const all = [...area.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const at = all.indexOf(opener);
    scopes.push({ area, following: at < 0 ? [] : all.slice(at + 1) });
    area = area.parentElement?.closest<HTMLElement>(SCOPES) ?? null;
  }
  return { opener, scopes };
}

/** Connected, shown and enabled: it can take the focus now. */
function canFocus(el: HTMLElement | null): el is HTMLElement {
  if (!el?.isConnected) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  return el.getClientRects().length > 0;
}

function focusOn(el: HTMLElement): boolean {
  el.focus();
  return document.activeElement === el;
}

/** An area's own heading (a section's h2 or h3), made focusable by script only. */
function headingOf(area: HTMLElement): HTMLElement | null {
  if (area.matches('form, li')) return null;
  const heading = area.querySelector<HTMLElement>('h2, h3');
  if (!heading || !canFocus(heading)) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/** How long a pop-up's opener may stay disabled (a form still saving) before the focus moves on. */
const WAIT_FRAMES = 30;

/**
 * Puts the focus back after a pop-up: on its opener (waiting a moment while it is disabled, its
 * form still saving), else in the innermost area around it that still exists, on the first
 * control that followed it there, or that area's heading; else the screen's heading. Never the
 * body. Does nothing when the focus was placed meanwhile (a navigation moved it to the new
 * screen's heading) or another pop-up has it.
 */
export function restoreFocus(back: FocusReturn, frames = WAIT_FRAMES): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (canFocus(back.opener) && focusOn(back.opener)) return;
  if (back.opener?.isConnected && frames > 0) {
    requestAnimationFrame(() => restoreFocus(back, frames - 1));
    return;
  }
  for (const { area, following } of back.scopes) {
    if (!area.isConnected) continue;
    for (const next of following) if (canFocus(next) && focusOn(next)) return;
    const heading = headingOf(area);
    if (heading && focusOn(heading)) return;
  }
  focusScreenHeading();
}
