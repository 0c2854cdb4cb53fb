import { lazyScreen, NotFound, Route, Routes, Spinner } from '@clinic/kit';
import { type ReactElement, Suspense } from 'react';
import { HomeSearch } from './HomeSearch/HomeSearch';

// The home search loads with the remote; every other screen is its own chunk, fetched on first use,
// so the remote's first load stays small (DESIGN §8).
const RegisterPatient = lazyScreen(() => import('./RegisterPatient/RegisterPatient'), 'RegisterPatient');
const AddEvolution = lazyScreen(() => import('./AddEvolution/AddEvolution'), 'AddEvolution');
const AddStudy = lazyScreen(() => import('./AddStudy/AddStudy'), 'AddStudy');
const UpdatePatient = lazyScreen(() => import('./UpdatePatient/UpdatePatient'), 'UpdatePatient');
const PatientPage = lazyScreen(() => import('./PatientPage/PatientPage'), 'PatientPage');
const CreateClinicalHistory = lazyScreen(
  () => import('./CreateClinicalHistory/CreateClinicalHistory'),
  'CreateClinicalHistory',
);

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function PatientsRoutes(): ReactElement {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<HomeSearch />} />
        <Route path="register" element={<RegisterPatient />} />
        <Route path="addEvolution/:patientID" element={<AddEvolution />} />
        <Route path="studies/:patientID" element={<AddStudy />} />
        <Route path="updatePatient/:patientID" element={<UpdatePatient />} />
        <Route path="create-clinical-history" element={<CreateClinicalHistory />} />
        <Route path=":patientID" element={<PatientPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
