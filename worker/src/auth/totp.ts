import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either side of now. */
export const DRIFT_STEPS = 1;
export const ISSUER = 'Clinic';

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret in base32, the form authenticator apps take when typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The QR code of `uri` as an SVG document. */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step `code` belongs to within ±DRIFT_STEPS of `at`, or null when it matches none. */
export function stepOfCode(secretBase32: string, code: string, at: number = Date.now()): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: at, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: at }) + delta;
}
