import { NotFound, Route, Routes } from '@clinic/kit';
import type { ReactElement } from 'react';
import { Calendar } from './Calendar/Calendar';

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function CalendarRoutes(): ReactElement {
  return (
    <Routes>
      <Route path="calendar" element={<Calendar />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
