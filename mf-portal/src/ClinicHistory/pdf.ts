import { answer, answerAll, api, formatDate, loadClinic, toothLabel } from '@clinic/kit';
import {
  CLINICAL_HISTORY_GROUPS,
  type Clinic,
  type ClinicalHistory,
  CONDITION_LABELS,
  type Evolution,
  isWarning,
} from '@clinic/worker/contract';

export { type RecordPdf, recordPdf, saveBlob } from '@clinic/kit';

/** The file every download is named. */
export const PDF_FILE_NAME = 'Clinic History.pdf';

export interface PdfPerson {
  document: string;
  name: string;
  lastName: string;
}

/** What the clinical history document holds beyond the questionnaire. */
export interface HistoryDocument {
  person: PdfPerson & { birth?: string; medicalService?: string };
  history: ClinicalHistory;
  evolutions: readonly Evolution[];
  clinic: Clinic | null;
  /** The clinic's logo as a data URL (PNG or JPEG), when its address loaded. */
  logo: { data: string; format: 'PNG' | 'JPEG' } | null;
  /** YYYY-MM-DD, the day it is printed. */
  today: string;
}

/** The questionnaire for the document: the answered conditions (the warnings, and 'other' texts written) first. */
export function questionnaireRows(history: ClinicalHistory): {
  flagged: [string, string][];
  rest: [string, string][];
} {
  const flagged: [string, string][] = [];
  const rest: [string, string][] = [];
  for (const g of CLINICAL_HISTORY_GROUPS) {
    for (const key of g.conditions) {
      // The labels as PatientCH writes them: upper case ('ALLERGIC TO MEDICATION').
      const row: [string, string] = [CONDITION_LABELS[key].toUpperCase(), history[key] ? 'YES' : 'NO'];
      (isWarning(key, history[key]) ? flagged : rest).push(row);
    }
    const other = history[g.other].trim();
    if (other) flagged.push([`OTHER (${g.title.toUpperCase()})`, other]);
  }
  return { flagged, rest };
}

/**
 * The clinical history as a document another dentist can use (A4): the clinic's name, address,
 * phone and logo; 'Clinic History' with the patient's identity and the date; the questionnaire, the
 * answered conditions first; the visit notes with their teeth, surfaces and treatments; on every
 * page its number and the date it was printed.
 */
export async function clinicHistoryPdf(input: HistoryDocument): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const { person, history, evolutions, clinic, logo, today } = input;
  const doc = new jsPDF({ format: 'a4', unit: 'mm' });
  const left = 20;
  const right = 190;
  const bottom = 278;
  doc.setProperties({ title: 'Clinic History' });
  let y = 20;
  let textLeft = left;
  if (logo) {
    try {
      doc.addImage(logo.data, logo.format, left, 12, 22, 22);
      textLeft = left + 27;
    } catch {
      // A logo jspdf cannot read is left out: the document never fails for it.
    }
  }
  if (clinic) {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(14);
    doc.text(clinic.name, textLeft, y);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    const address = [`${clinic.street} ${clinic.number}`.trim(), clinic.city, clinic.postalcode]
      .filter(Boolean)
      .join(', ');
    if (address) {
      y += 5;
      doc.text(address, textLeft, y);
    }
    const contact = [clinic.telephone && `Phone ${clinic.telephone}`, clinic.email]
      .filter(Boolean)
      .join(' · ');
    if (contact) {
      y += 5;
      doc.text(contact, textLeft, y);
    }
  }
  y = Math.max(y, logo ? 36 : y) + 10;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text('Clinic History', left, y);
  y += 9;
  doc.setFontSize(10);
  const facts: [string, string][] = [
    ['Document', person.document],
    ['Name', person.name],
    ['Lastname', person.lastName],
    ...(person.birth ? ([['Birth', formatDate(person.birth)]] as [string, string][]) : []),
    ...(person.medicalService ? ([['Medical service', person.medicalService]] as [string, string][]) : []),
    ['Date', formatDate(today)],
  ];
  for (const [label, value] of facts) {
    doc.setFont('helvetica', 'bold');
    doc.text(`${label}:`, left, y);
    doc.setFont('helvetica', 'normal');
    doc.text(value, left + 32, y);
    y += 5.5;
  }
  doc.line(left, y, right, y);
  y += 8;

  const room = (needed: number): void => {
    if (y + needed <= bottom) return;
    doc.addPage();
    y = 20;
  };
  const heading = (text: string): void => {
    room(14);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(12);
    doc.text(text, left, y);
    y += 7;
    doc.setFontSize(10);
  };
  const rows = (list: readonly (readonly [string, string])[], valueX: number): void => {
    for (const [label, value] of list) {
      const lines: string[] = doc.splitTextToSize(value, right - valueX);
      room(lines.length * 5);
      doc.setFont('helvetica', 'bold');
      doc.text(label, left, y);
      doc.setFont('helvetica', 'normal');
      doc.text(lines, valueX, y);
      y += Math.max(1, lines.length) * 5 + 0.5;
    }
  };

  const { flagged, rest } = questionnaireRows(history);
  heading('Health questionnaire: answered conditions');
  if (flagged.length === 0) rows([['None', 'No condition answered YES']], 100);
  else rows(flagged, 100);
  y += 3;
  heading('Health questionnaire: other answers');
  rows(rest, 100);
  y += 3;

  heading('Visit notes');
  if (evolutions.length === 0) rows([['None', 'No visit notes yet']], 100);
  for (const e of evolutions) {
    const teeth = e.teeth.map(toothLabel).join(', ');
    const lines: string[] = doc.splitTextToSize(e.observations, right - left - 6);
    room(12 + lines.length * 5);
    doc.setFont('helvetica', 'bold');
    doc.text(`${formatDate(e.date)}  ${e.treatment ?? 'Unknown treatment'}`, left, y);
    y += 5;
    doc.setFont('helvetica', 'normal');
    doc.text(
      `${e.teeth.length > 1 ? 'Teeth' : 'Tooth'}: ${teeth || 'Unknown'}    Medic: ${e.medic}`,
      left + 6,
      y,
    );
    y += 5;
    doc.text(lines, left + 6, y);
    y += lines.length * 5 + 3;
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.text(`Printed on ${formatDate(today)}`, left, 290);
    doc.text(`Page ${page} of ${pages}`, right, 290, { align: 'right' });
  }
  return doc.output('blob');
}

/** The clinic's logo as a data URL jspdf can draw, or null: never a failure (no address, not an image, offline). */
export async function loadLogo(url: string | undefined): Promise<HistoryDocument['logo']> {
  if (!url) return null;
  try {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 4000);
    const res = await fetch(url, { signal: controller.signal }).finally(() => clearTimeout(timer));
    if (!res.ok) return null;
    const blob = await res.blob();
    const format = blob.type === 'image/png' ? 'PNG' : blob.type === 'image/jpeg' ? 'JPEG' : null;
    if (!format) return null;
    const data = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
    return { data, format };
  } catch {
    return null;
  }
}

/** Everything the document needs, read now: the clinic (and its logo), the patient's notes and details. */
export async function historyDocument(
  patientId: number,
  person: PdfPerson,
  history: ClinicalHistory,
  today: string,
): Promise<Blob> {
  const id = String(patientId);
  const [clinic, evolutions, details] = await Promise.all([
    loadClinic().catch(() => null),
    answerAll((page) => api.evolutions.$get({ query: { PatientID: id, q: '', ...page } })),
    answer(api.patients[':id'].$get({ param: { id } })).catch(() => null),
  ]);
  const logo = await loadLogo(clinic?.imgLogo);
  return clinicHistoryPdf({
    person: {
      ...person,
      ...(details ? { birth: details.birth, medicalService: details.medicalService } : {}),
    },
    history,
    evolutions,
    clinic,
    logo,
    today,
  });
}
