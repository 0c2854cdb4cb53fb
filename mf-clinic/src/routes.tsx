import { lazyScreen, NotFound, Route, Routes, Spinner } from '@clinic/kit';
import { type ReactElement, Suspense } from 'react';

// Every screen is its own chunk, fetched on first use, so the remote's first load stays small
// (DESIGN §8).
const ClinicDetails = lazyScreen(() => import('./ClinicDetails/ClinicDetails'), 'ClinicDetails');
const ClinicInitialConfig = lazyScreen(
  () => import('./ClinicInitialConfig/ClinicInitialConfig'),
  'ClinicInitialConfig',
);
const ClinicUpdate = lazyScreen(() => import('./ClinicUpdate/ClinicUpdate'), 'ClinicUpdate');
const TreatmentsInfo = lazyScreen(() => import('./TreatmentsInfo/TreatmentsInfo'), 'TreatmentsInfo');
const UpdateMedic = lazyScreen(() => import('./UpdateMedic/UpdateMedic'), 'UpdateMedic');
const ChangePassword = lazyScreen(() => import('./ChangePassword/ChangePassword'), 'ChangePassword');
const MedicRecord = lazyScreen(() => import('./MedicRecord/MedicRecord'), 'MedicRecord');

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function ClinicRoutes(): ReactElement {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="clinic-details" element={<ClinicDetails />} />
        <Route path="clinic-details/initial-config" element={<ClinicInitialConfig />} />
        <Route path="clinic-details/update-data" element={<ClinicUpdate />} />
        <Route path="infoTreatments" element={<TreatmentsInfo />} />
        <Route path="updateMedic" element={<UpdateMedic />} />
        <Route path="changePassword" element={<ChangePassword />} />
        <Route path="doctor" element={<MedicRecord />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
