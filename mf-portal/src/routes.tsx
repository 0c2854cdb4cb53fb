import { Route, Routes } from '@clinic/kit';
import type { ReactElement } from 'react';
import { AppointmentRequest } from './AppointmentRequest/AppointmentRequest';
import { ClinicHistory } from './ClinicHistory/ClinicHistory';
import { ClinicHistoryPdf } from './ClinicHistoryPdf/ClinicHistoryPdf';
import { CreateClinicalHistory } from './CreateClinicalHistory/CreateClinicalHistory';
import { EvolutionsAndStudies } from './EvolutionsAndStudies/EvolutionsAndStudies';
import { MyData } from './MyData/MyData';
import { NotFound } from './NotFound/NotFound';
import { Payments } from './Payments/Payments';
import { PortalHome } from './PortalHome/PortalHome';
import { UpdateMyData } from './UpdateMyData/UpdateMyData';
import { UpdatePassword } from './UpdatePassword/UpdatePassword';

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function PortalRoutes(): ReactElement {
  return (
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
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
