import { lazy } from 'react';

/**
 * The clinical history form, fetched on first use: the kit loads with the shell, and the shell's
 * first load stays small. Render it inside a Suspense boundary (every area has one).
 */
export const ClinicalHistoryForm = lazy(() =>
  import('./ClinicalHistoryForm').then((m) => ({ default: m.ClinicalHistoryForm })),
);
