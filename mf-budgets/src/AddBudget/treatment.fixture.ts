import type { Treatment } from '@clinic/worker/contract';

/** A price-list row for the budget builder's tests. */
export const treatment = (ID: string, price: number, description = `treatment ${ID}`): Treatment => ({
  ID,
  creationDate: '2026-01-01',
  updateDate: '2026-01-01',
  treatmentType: 'type',
  description,
  price,
  ClinicID: 1,
});
