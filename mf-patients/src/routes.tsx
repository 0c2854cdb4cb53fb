import { Route, Routes } from '@clinic/kit';
import type { ReactElement } from 'react';
import { AddEvolution } from './AddEvolution/AddEvolution';
import { AddStudy } from './AddStudy/AddStudy';
import { CreateClinicalHistory } from './CreateClinicalHistory/CreateClinicalHistory';
import { HomeSearch } from './HomeSearch/HomeSearch';
import { NotFound } from './NotFound/NotFound';
import { PatientPage } from './PatientPage/PatientPage';
import { RegisterPatient } from './RegisterPatient/RegisterPatient';
import { UpdatePatient } from './UpdatePatient/UpdatePatient';

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function PatientsRoutes(): ReactElement {
  return (
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
  );
}
