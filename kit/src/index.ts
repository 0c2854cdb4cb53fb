export { ChangePasswordForm } from './account/ChangePasswordForm';
export {
  type Answer,
  API_BASE,
  ApiError,
  answer,
  answerAll,
  answerOne,
  answerPage,
  api,
  apiFetch,
  type FieldErrors,
  type ListPage,
  reportUnauthorized,
  toApiError,
} from './api';
export { AccessLog } from './audit/AccessLog';
export { ClinicBrand } from './clinic/ClinicBrand';
export { ClinicSetupRedirect, INITIAL_CONFIG_PATH } from './clinic/ClinicSetupRedirect';
export {
  $clinic,
  $clinicError,
  $clinicStatus,
  type ClinicStatus,
  loadClinic,
  setClinic,
} from './clinic/clinic';
export { type ClinicLoad, useClinic } from './clinic/useClinic';
export { ClinicalHistoryForm } from './clinical-history/lazy';
export { DetailList } from './details/DetailList';
export { DialogHost } from './dialogs/DialogHost';
export {
  $dialogs,
  type ConfirmOptions,
  confirm,
  type DialogIcon,
  type DialogRequest,
  type NotifyOptions,
  notify,
} from './dialogs/dialogs';
export { notifyFailure, notifyFormRefusal, notifyRefusal } from './dialogs/notifyFailure';
export {
  SelectField,
  type SelectFieldProps,
  type SelectOption,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
} from './fields/fields';
export { type PatientField, PatientFields, type PatientForm, patientFormOf } from './fields/PatientFields';
export { PatientPicker } from './fields/PatientPicker';
export { TREATMENT_MATCHES, TreatmentPicker, treatmentOption } from './fields/TreatmentPicker';
export { capitalize, countOf, formatAmount, formatDate, hoursToMinutes, todayIso } from './format';
export { FormFooter, formStyles } from './forms/FormLayout';
export { type FieldOf, type SchemaForm, useSchemaForm, type ValueOf } from './forms/useSchemaForm';
export { useServerValidation } from './forms/useServerValidation';
export { lazyScreen } from './lazyScreen';
export { Banner } from './page/Banner';
export { Loaded } from './page/Loaded';
export { NotFound } from './page/NotFound';
export { Page, type PageProps } from './page/Page';
export * from './router';
export { screenRoutes } from './screens/ScreenRoutes';
export { SearchBar } from './search/SearchBar';
export { type PatientSearchBarProps, usePatientSearch } from './search/usePatientSearch';
export {
  $session,
  $sessionStatus,
  clearStoredLogin,
  type Identity,
  isPatient,
  LOGIN_STORAGE_KEY,
  loadSession,
  type SessionStatus,
  signIn,
  signOut,
  type UserType,
} from './session';
export { Spinner, type SpinnerProps } from './spinner/Spinner';
export { mountStandalone } from './standalone';
export { type TurnSide, useTurnActions } from './turns/turnActions';
export { useLiveTurns } from './turns/useLiveTurns';
export { type QueryOptions, type Resource, useQuery } from './useResource';
