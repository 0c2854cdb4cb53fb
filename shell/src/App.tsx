import {
  BrowserRouter,
  DialogHost,
  lazyScreen,
  Navigate,
  Route,
  Routes,
  ScreenAnnouncer,
  Spinner,
} from '@clinic/kit';
import { type ReactElement, Suspense } from 'react';
import { HomeShell } from './home/lazy';
import { Login } from './public/Login/Login';

// The login page ships with the shell; the home frame (see ./home/lazy) and the other public
// screens are fetched when needed, so the login page loads only what it uses.
const SignUp = lazyScreen(() => import('./public/SignUp/SignUp'), 'SignUp');
const PasswordReset = lazyScreen(() => import('./public/PasswordReset/PasswordReset'), 'PasswordReset');
const NewPassword = lazyScreen(() => import('./public/NewPassword/NewPassword'), 'NewPassword');
const Enrol = lazyScreen(() => import('./public/Enrol/Enrol'), 'Enrol');

/** Public routes plus the home shell, which hands /home/* to the remotes. */
export function App(): ReactElement {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/" element={<Login />} />
          <Route path="/SignUp" element={<SignUp />} />
          <Route path="/PasswordReset" element={<PasswordReset />} />
          <Route path="/passwordReset" element={<PasswordReset />} />
          <Route path="/newPassword" element={<NewPassword />} />
          <Route path="/enrol" element={<Enrol />} />
          <Route path="/home/*" element={<HomeShell />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
      <DialogHost />
      <ScreenAnnouncer />
    </BrowserRouter>
  );
}
