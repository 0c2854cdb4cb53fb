export { AccountSecurity } from './account/AccountSecurity';
export { ChangePasswordForm } from './account/ChangePasswordForm';
export { CODE_HINT, CodeField } from './account/CodeField';
export { EmailChangeProof } from './account/EmailChangeProof';
export { SecondFactorSection } from './account/SecondFactorSection';
export { SecondFactorSetup } from './account/SecondFactorSetup';
export { SessionsSection } from './account/SessionsSection';
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
  DRY_RUN,
  type DryRun,
  type FieldErrors,
  type ListPage,
  reportUnauthorized,
  toApiError,
} from './api';
export { AccessLog } from './audit/AccessLog';
export { asScreenView, openScreenView } from './audit/screenView';
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
  signInWithCode,
  signOut,
  type UserType,
} from './browser-session';
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
export { formatMoneyTotals } from './clinic/moneyTotals';
export { type ClinicLoad, useClinic } from './clinic/useClinic';
export { useBudgetMoney, useMoney } from './clinic/useMoney';
export { HistoryChanges } from './clinical-history/HistoryChanges';
export { ClinicalHistoryForm } from './clinical-history/lazy';
export { downloadCsv, ExportCsvButton } from './csv/ExportCsvButton';
export { DetailList } from './details/DetailList';
export { StudyOpener } from './details/StudyOpener';
export { DialogHost } from './dialogs/DialogHost';
export {
  $dialogs,
  $toasts,
  type ChooseOptions,
  type ConfirmOptions,
  choose,
  confirm,
  type DialogIcon,
  type DialogRequest,
  type NotifyOptions,
  notify,
  type Toast,
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
export { PatientFields } from './fields/PatientFields';
export { PatientPicker } from './fields/PatientPicker';
export { PatientUpdateForm } from './fields/PatientUpdateForm';
export { PersonInputs } from './fields/PersonInputs';
export {
  type Autofill,
  emptyPersonValues,
  PERSON_FIELDS,
  type PersonField,
  type PersonKey,
  type PersonPath,
  type PersonValues,
  personFields,
} from './fields/personFields';
export { TREATMENT_MATCHES, TreatmentPicker, treatmentOption } from './fields/TreatmentPicker';
export { focusScreenHeading, SCREEN_HEADING_ID } from './focus/returnFocus';
export { APP_NAME, documentTitle, ScreenAnnouncer, useScreen } from './focus/screen';
export {
  capitalize,
  countOf,
  formatDate,
  formatLongDate,
  hoursToMinutes,
  todayIso,
} from './format';
export { DraftNotice } from './forms/DraftNotice';
export { FormFooter, formStyles } from './forms/FormLayout';
export { useSaveOnce } from './forms/saveOnce';
export { changedFields, ifMatch, staleSave } from './forms/stale';
export { type FieldOf, type SchemaForm, useSchemaForm, type ValueOf } from './forms/useSchemaForm';
export { useServerValidation } from './forms/useServerValidation';
export { lazyScreen, loadable } from './lazyScreen';
export { Banner } from './page/Banner';
export { Loaded } from './page/Loaded';
export { LoadFailed } from './page/LoadFailed';
export { NotFound } from './page/NotFound';
export { Page, type PageProps } from './page/Page';
export { balanceDue, clock, nextTurn } from './patient/balance';
export { PatientHeader } from './patient/PatientHeader';
export {
  budgetQuotePdf,
  paymentReceiptFileName,
  paymentReceiptPdf,
  quoteFileName,
} from './pdf/budgetPdf';
export { PdfButton, type PdfButtonProps } from './pdf/PdfButton';
export { blobToBase64, type RecordPdf, recordPdf, saveBlob } from './pdf/recordPdf';
export * from './router';
export { type AreaRoutes, screenRoutes } from './screens/ScreenRoutes';
export { SearchBar } from './search/SearchBar';
export { type PatientSearchBarProps, usePatientSearch } from './search/usePatientSearch';
export { Spinner, type SpinnerProps } from './spinner/Spinner';
export { mountStandalone } from './standalone';
export { DENTITION_LABEL, DentitionSwitch } from './teeth/DentitionSwitch';
export { PastWorkChart } from './teeth/PastWorkChart';
export { ToothChart, ToothChartLegend, type ToothChartProps, type ToothMark } from './teeth/ToothChart';
export {
  CHART_ROWS,
  type Dentition,
  defaultDentition,
  dentitionOf,
  SURFACE_NAMES,
  type ToothWork,
  toothLabel,
  toothName,
  WORK_KINDS,
  type WorkKind,
  workByTooth,
  workKindOf,
} from './teeth/teeth';
export { type TurnSide, useTurnActions } from './turns/turnActions';
export { type ChangesSince, useLiveTurns } from './turns/useLiveTurns';
export { type QueryOptions, type Resource, useQuery } from './useQuery';
