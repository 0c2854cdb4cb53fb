import type { ReactElement } from 'react';
import { SecondFactorSection } from './SecondFactorSection';
import { SessionsSection } from './SessionsSection';

/** The second factor and the open sessions of the signed-in account: Update My Info and My data. */
export function AccountSecurity(): ReactElement {
  return (
    <>
      <div className="card">
        <SecondFactorSection />
      </div>
      <div className="card">
        <SessionsSection />
      </div>
    </>
  );
}
