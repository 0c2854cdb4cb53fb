/**
 * One colour per medic, so the month and week views tell whose turn is whose when they show all
 * medics: a stripe at the turn's edge (the text keeps the view's own contrast).
 */
const PALETTE = ['#1b6ec2', '#b4261a', '#2e7d32', '#8e24aa', '#c25e00', '#00796b', '#5d4037', '#3949ab'];

export function medicColour(medicId: number, medics: readonly { id: number }[]): string {
  const index = medics.findIndex((m) => m.id === medicId);
  return PALETTE[(index >= 0 ? index : medicId) % PALETTE.length] ?? PALETTE[0] ?? '#1b6ec2';
}
