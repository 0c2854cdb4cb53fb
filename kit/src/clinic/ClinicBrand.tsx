import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import styles from './ClinicBrand.module.css';
import { $clinic, loadClinic } from './clinic';

/** The clinic's logo and name, for the shell header; loads the clinic once. */
export function ClinicBrand(): ReactElement | null {
  const clinic = useStore($clinic);
  useEffect(() => {
    loadClinic().catch(() => {
      // The header stays without a brand; screens that need the clinic show the error.
    });
  }, []);
  if (!clinic) return null;
  return (
    <span className={styles.brand}>
      {clinic.imgLogo ? <img className={styles.logo} src={clinic.imgLogo} alt="" /> : null}
      <span className={styles.name}>{clinic.name}</span>
    </span>
  );
}
