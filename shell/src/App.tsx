import { BrowserRouter, DialogHost, Navigate, Route, Routes } from '@clinic/kit';
import type { ReactElement } from 'react';
import { HomeShell } from './home/HomeShell';
import { Login } from './public/Login/Login';
import { NewPassword } from './public/NewPassword/NewPassword';
import { PasswordReset } from './public/PasswordReset/PasswordReset';
import { SignUp } from './public/SignUp/SignUp';

/** Public routes (SPEC §2) plus the home shell, which hands /home/* to the remotes. */
export function App(): ReactElement {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Login />} />
        <Route path="/SignUp" element={<SignUp />} />
        <Route path="/PasswordReset" element={<PasswordReset />} />
        <Route path="/passwordReset" element={<PasswordReset />} />
        <Route path="/newPassword" element={<NewPassword />} />
        <Route path="/home/*" element={<HomeShell />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
      <DialogHost />
    </BrowserRouter>
  );
}
