import { lazyScreen, NotFound, Route, Routes, Spinner } from '@clinic/kit';
import { type ReactElement, Suspense } from 'react';
import { PortalHome } from './PortalHome/PortalHome';

// The portal home loads with the remote; every other screen is its own chunk, fetched on first use,
// so the remote's first load stays small (DESIGN §8).
const MyData = lazyScreen(() => import('./MyData/MyData'), 'MyData');
const UpdateMyData = lazyScreen(() => import('./UpdateMyData/UpdateMyData'), 'UpdateMyData');
const AppointmentRequest = lazyScreen(
  () => import('./AppointmentRequest/AppointmentRequest'),
  'AppointmentRequest',
);
const Payments = lazyScreen(() => import('./Payments/Payments'), 'Payments');
const ClinicHistory = lazyScreen(() => import('./ClinicHistory/ClinicHistory'), 'ClinicHistory');
const ClinicHistoryPdf = lazyScreen(() => import('./ClinicHistoryPdf/ClinicHistoryPdf'), 'ClinicHistoryPdf');
const EvolutionsAndStudies = lazyScreen(
  () => import('./EvolutionsAndStudies/EvolutionsAndStudies'),
  'EvolutionsAndStudies',
);
const CreateClinicalHistory = lazyScreen(
  () => import('./CreateClinicalHistory/CreateClinicalHistory'),
  'CreateClinicalHistory',
);
const AccessLog = lazyScreen(() => import('./AccessLog/AccessLog'), 'AccessLog');
const UpdatePassword = lazyScreen(() => import('./UpdatePassword/UpdatePassword'), 'UpdatePassword');

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function PortalRoutes(): ReactElement {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<PortalHome />} />
        <Route path="data" element={<MyData />} />
        <Route path="dataUpdate" element={<UpdateMyData />} />
        <Route path="appointment" element={<AppointmentRequest />} />
        <Route path="payments" element={<Payments />} />
        <Route path="PatientCH" element={<ClinicHistory />} />
        <Route path="PatientCH/PatientCHPdf" element={<ClinicHistoryPdf />} />
        <Route path="evolutionsNStudies" element={<EvolutionsAndStudies />} />
        <Route path="create-clinical-history" element={<CreateClinicalHistory />} />
        <Route path="updatePassword" element={<UpdatePassword />} />
        <Route path="accessLog" element={<AccessLog />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
