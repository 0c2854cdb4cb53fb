import { Route, Routes } from '@clinic/kit';
import type { ReactElement } from 'react';
import { ChangePassword } from './ChangePassword/ChangePassword';
import { ClinicDetails } from './ClinicDetails/ClinicDetails';
import { ClinicInitialConfig } from './ClinicInitialConfig/ClinicInitialConfig';
import { ClinicUpdate } from './ClinicUpdate/ClinicUpdate';
import { MedicRecord } from './MedicRecord/MedicRecord';
import { NotFound } from './NotFound/NotFound';
import { TreatmentsInfo } from './TreatmentsInfo/TreatmentsInfo';
import { UpdateMedic } from './UpdateMedic/UpdateMedic';

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function ClinicRoutes(): ReactElement {
  return (
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
  );
}
