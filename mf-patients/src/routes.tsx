import { Route, Routes, Spinner } from '@clinic/kit';
import { lazy, type ReactElement, Suspense } from 'react';
import { HomeSearch } from './HomeSearch/HomeSearch';
import { NotFound } from './NotFound/NotFound';

// The home search loads with the remote; every other screen is its own chunk, fetched on first use,
// so the remote's first load stays small (DESIGN §8).
const RegisterPatient = lazy(() =>
  import('./RegisterPatient/RegisterPatient').then((m) => ({ default: m.RegisterPatient })),
);
const AddEvolution = lazy(() =>
  import('./AddEvolution/AddEvolution').then((m) => ({ default: m.AddEvolution })),
);
const AddStudy = lazy(() => import('./AddStudy/AddStudy').then((m) => ({ default: m.AddStudy })));
const UpdatePatient = lazy(() =>
  import('./UpdatePatient/UpdatePatient').then((m) => ({ default: m.UpdatePatient })),
);
const PatientPage = lazy(() => import('./PatientPage/PatientPage').then((m) => ({ default: m.PatientPage })));
const CreateClinicalHistory = lazy(() =>
  import('./CreateClinicalHistory/CreateClinicalHistory').then((m) => ({ default: m.CreateClinicalHistory })),
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
