// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { captureFocus, restoreFocus, SCREEN_HEADING_ID } from './returnFocus';

// Where the focus goes when a pop-up closes. happy-dom has no layout, so "shown" is stubbed:
// every element has one client rect.
Element.prototype.getClientRects = () => [{}] as unknown as DOMRectList;

function draw(html: string): void {
  document.body.innerHTML = html;
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const active = () => document.activeElement?.id || document.activeElement?.tagName;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('restoreFocus', () => {
  test('goes back to the control that opened the pop-up', () => {
    draw('<main><section><h3>Turns</h3><button id="cancel">CANCEL</button></section></main>');
    byId('cancel').focus();
    const back = captureFocus();
    (document.activeElement as HTMLElement).blur();
    restoreFocus(back);
    expect(active()).toBe('cancel');
  });

  test('when that control is gone, to the next control that followed it in its form', () => {
    draw(`<main><section><h3 id="h">Create a Turn</h3><form>
      <ul><li><button id="match">Skinner, Agnes</button></li></ul>
      <input id="date" type="date"><button id="save">Create Turn</button></form></section></main>`);
    byId('match').focus();
    const back = captureFocus();
    byId('match').closest('ul')?.remove();
    restoreFocus(back);
    expect(active()).toBe('date');
  });

  test("when its record is gone with it, to its section's heading", () => {
    draw(`<main><section id="details"><h3 id="h">Turns details</h3>
      <ul><li><button id="cancel">CANCEL</button><button id="move">Move</button></li></ul></section>
      <section><h3>Create a Turn</h3><input id="patient"></section></main>`);
    byId('cancel').focus();
    const back = captureFocus();
    byId('cancel').closest('li')?.remove();
    restoreFocus(back);
    expect(active()).toBe('h');
    expect(byId('h').tabIndex).toBe(-1);
  });

  test("when nothing around it is left, to the screen's heading; never the body", () => {
    draw(
      `<h1 id="${SCREEN_HEADING_ID}">Calendar</h1><main id="m"><form><button id="save">Save</button></form></main>`,
    );
    byId('save').focus();
    const back = captureFocus();
    byId('m').innerHTML = '';
    restoreFocus(back);
    expect(active()).toBe(SCREEN_HEADING_ID);
  });

  test('leaves the focus where a navigation put it meanwhile', () => {
    draw(
      `<h1 id="${SCREEN_HEADING_ID}" tabindex="-1">Budgets</h1><main><button id="create">Create budget</button></main>`,
    );
    byId('create').focus();
    const back = captureFocus();
    byId(SCREEN_HEADING_ID).focus();
    restoreFocus(back);
    expect(active()).toBe(SCREEN_HEADING_ID);
  });
});
