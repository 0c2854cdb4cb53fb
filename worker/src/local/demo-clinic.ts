import { eq, getTableColumns } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  answersOf,
  type ClinicalHistoryAnswers,
  CONDITION_KEYS,
  type ConditionKey,
} from '../contract/clinical-history';
import { searchNameOf } from '../contract/person';
import { weekdayOf } from '../contract/slots';
import { CONSULT_KEYWORD, localDate } from '../contract/turns';
import { addMonths } from '../contract/waitlist';
import type { Db } from '../db/client';
import {
  budgetLines,
  budgetPayments,
  budgets,
  clinicalHistories,
  clinicalHistoryVersions,
  evolutions,
  medics,
  patients,
  recalls,
  studies,
  treatments,
  turns,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/password';
import {
  DEMO_BOOKED_TIMES,
  DEMO_CLINIC,
  DEMO_MEDICS_MORE,
  DEMO_PATIENT_EMAIL_DOMAIN,
  DEMO_PATIENT_NAMES,
} from './demo';
import { DEMO_TREATMENTS } from './seed';

/** D1 binds at most 100 values per statement: rows go in groups that stay under it. */
const MAX_BOUND = 100;

/** One insert per group of rows small enough for D1, all of them for one batch. */
function inserts<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]): BatchItem<'sqlite'>[] {
  const perRow = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(MAX_BOUND / perRow));
  const out: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(db.insert(table).values(rows.slice(i, i + size)));
  return out;
}

/** 'YYYY-MM-DD' plus `days` (negative goes back). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A tiny one-page PDF that reads `text`, with a correct cross-reference table. */
export function demoPdf(text: string): Uint8Array {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** The seeded study's object in the STUDIES bucket (patient 2, María González). */
export const DEMO_STUDY_KEY = 'studies/2/demo-panoramic.pdf';

/**
 * The demo clinic around the demo accounts (see demo.ts for what tests may rely on): two more
 * medics (one pending approval), 40 patients, turns on this week's and next week's workdays,
 * budgets paid and unpaid, evolutions, clinical histories and one study PDF. Answers the rows'
 * inserts, for the batch that writes the accounts (users 1–2, medic 1, patient 1, treatments and
 * teeth) to end with; the study's PDF is written to `bucket` first (an object without its row is
 * harmless, a row without its object is not).
 */
export async function demoClinicInserts(
  db: Db,
  bucket: R2Bucket,
  pepper: string,
  now = new Date(),
): Promise<BatchItem<'sqlite'>[]> {
  const today = localDate(now, DEMO_CLINIC.timeZone);
  const hashes = await Promise.all(DEMO_MEDICS_MORE.map((m) => hashPassword(m.password, pepper)));

  // users 3–4, medics 2–3
  const medicUsers = DEMO_MEDICS_MORE.map((m, i) => ({
    id: 3 + i,
    email: m.email,
    passwordHash: hashes[i] ?? null,
    userType: 'Medic' as const,
    name: m.name,
    lastName: m.lastName,
    searchName: searchNameOf(m.name, m.lastName),
    document: m.document,
    street: 'Av. Corrientes',
    number: String(1200 + i * 10),
    city: 'Buenos Aires',
    postalCode: '1043',
    birth: `198${i}-0${i + 3}-1${i}`,
    cellphone: `11555501${10 + i}`,
    telephone: `11455501${10 + i}`,
    approved: m.approved,
  }));
  const medicRows = DEMO_MEDICS_MORE.map((m, i) => ({
    id: 2 + i,
    userId: 3 + i,
    clinicId: 1,
    doctorTitle: m.doctorTitle,
    doctorSpecialization: m.doctorSpecialization,
    doctorTuitionDate: `200${5 + i}-03-01`,
    doctorTuitionNumber: 5100 + i,
  }));

  // users 5–44, patients 2–41
  const SERVICES = ['OSDE', 'Swiss Medical', 'Galeno', 'IOMA', 'PAMI', 'Medifé'];
  const CITIES = ['Buenos Aires', 'Córdoba', 'Rosario', 'La Plata', 'Mendoza', 'Mar del Plata'];
  const patientUsers = DEMO_PATIENT_NAMES.map(([name, lastName], i) => ({
    id: 5 + i,
    email: `${plain(name)}.${plain(lastName)}${DEMO_PATIENT_EMAIL_DOMAIN}`,
    passwordHash: null,
    userType: 'Patient' as const,
    name,
    lastName,
    searchName: searchNameOf(name, lastName),
    document: String(27_000_000 + i * 412_337),
    street: ['San Martín', 'Belgrano', 'Rivadavia', 'Sarmiento', 'Mitre'][i % 5] ?? '',
    number: String(100 + ((i * 137) % 3900)),
    city: CITIES[i % CITIES.length] ?? '',
    postalCode: String(1000 + ((i * 53) % 8000)),
    birth: `${1950 + ((i * 7) % 55)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 3) % 28)).padStart(2, '0')}`,
    cellphone: `1160${String(100000 + i * 2311).slice(0, 6)}`,
    telephone: `1147${String(100000 + i * 1733).slice(0, 6)}`,
  }));
  const patientRows = patientUsers.map((u, i) => ({
    id: 2 + i,
    userId: u.id,
    medicalService: SERVICES[i % SERVICES.length] ?? '',
    obraSocial: String(400_000_000 + i * 7919),
  }));
  const patientIds = patientRows.map((p) => p.id);
  const patientAt = (n: number): number => patientIds[n % patientIds.length] ?? 2;

  // Turns: the workdays from Monday of this week to Friday of next week, medics 1 and 2.
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const turnRows: (typeof turns.$inferInsert)[] = [];
  const consultations: { turnId: number; patientId: number; paid: boolean; date: string }[] = [];
  let k = 0;
  for (let day = 0; day < 12; day++) {
    const date = addDays(monday, day);
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6) continue;
    const medic1 = DEMO_BOOKED_TIMES.medic1.filter((_, j) => (j + day) % 5 !== 0);
    const medic2 = DEMO_BOOKED_TIMES.medic2.filter((_, j) => (j + day) % 2 === 0);
    for (const [medicId, times] of [
      [1, medic1],
      [2, medic2],
    ] as const) {
      for (const time of times) {
        k += 1;
        const id = turnRows.length + 1;
        // Every seventh of medic 1's turns is a consultation a patient asked for (MedicID 1).
        const consultation = medicId === 1 && k % 7 === 0;
        const patientId = patientAt(k * 3);
        const paid = consultation && k % 2 === 0;
        turnRows.push({
          id,
          date,
          time,
          duration: 0.5,
          description: consultation
            ? `${CONSULT_KEYWORD} Consultation requested by the patient`
            : (TURN_REASONS[k % TURN_REASONS.length] ?? ''),
          // A patient's consultation waits for the medic's Accept now and then; the medic's own
          // bookings are accepted; the patient accepts some of each (a consultation once paid).
          medicAccepts: !consultation || k % 3 !== 0,
          patientAccepts: consultation ? paid : k % 3 !== 1,
          medicId,
          patientId,
          isConsultation: consultation,
        });
        if (consultation) consultations.push({ turnId: id, patientId, paid, date });
      }
    }
  }

  // Budgets: a consultation budget per consultation turn, and treatment plans paid and unpaid.
  const price = (id: string): number =>
    Math.round((DEMO_TREATMENTS.find((t) => t.id === id)?.price ?? 0) * 100);
  const plans: [
    patient: number,
    lines: [treatment: string, quantity: number][],
    paid: boolean,
    daysAgo: number,
  ][] = [
    [
      2,
      [
        ['0601', 1],
        ['0301', 1],
        ['0801', 1],
      ],
      false,
      3,
    ],
    [2, [['0401', 1]], true, 60],
    [
      3,
      [
        ['0201', 2],
        ['0601', 2],
      ],
      true,
      20,
    ],
    [
      4,
      [
        ['0502', 1],
        ['0602', 1],
      ],
      false,
      9,
    ],
    [5, [['0901', 3]], false, 15],
    [6, [['1001', 2]], true, 35],
    [
      7,
      [
        ['0202', 1],
        ['0701', 1],
      ],
      false,
      2,
    ],
    [
      8,
      [
        ['0302', 1],
        ['0801', 1],
      ],
      false,
      27,
    ],
    [
      9,
      [
        ['0401', 1],
        ['0701', 1],
      ],
      true,
      41,
    ],
    [10, [['0501', 2]], true, 12],
    [11, [['0602', 1]], false, 5],
    [
      12,
      [
        ['0201', 1],
        ['0202', 1],
      ],
      true,
      50,
    ],
  ];
  const budgetRows: (typeof budgets.$inferInsert)[] = [];
  const lineRows: (typeof budgetLines.$inferInsert)[] = [];
  // A paid budget was paid in full the day it was made (by card at the desk, a consultation online):
  // its payment is in the ledger, so its balance is nil and the reports count it as collected.
  const paymentRows: (typeof budgetPayments.$inferInsert)[] = [];
  const stamp = (date: string) => `${date}T13:00:00.000Z`;
  for (const [patientId, lines, paid, daysAgo] of plans) {
    const id = budgetRows.length + 1;
    let total = 0;
    for (const [treatmentId, quantity] of lines) {
      const t = DEMO_TREATMENTS.find((x) => x.id === treatmentId);
      if (!t) continue;
      total += price(treatmentId) * quantity;
      lineRows.push({
        budgetId: id,
        treatmentId,
        treatmentType: t.treatmentType,
        description: t.description,
        priceCents: price(treatmentId),
        quantity,
        subTotalCents: price(treatmentId) * quantity,
      });
    }
    const created = stamp(addDays(today, -daysAgo));
    budgetRows.push({
      id,
      patientId,
      totalCents: total,
      paid,
      paidCents: paid ? total : 0,
      createdAt: created,
      updatedAt: created,
    });
    if (paid)
      paymentRows.push({
        budgetId: id,
        kind: 'payment',
        method: 'card',
        amountCents: total,
        createdAt: created,
      });
  }
  for (const c of consultations) {
    const id = budgetRows.length + 1;
    const t = DEMO_TREATMENTS[0];
    const cents = price('0101');
    // asked for a few days before the turn, and never after today
    const asked = addDays(c.date, -3);
    const created = stamp(asked < today ? asked : addDays(today, -1 - (c.turnId % 3)));
    budgetRows.push({
      id,
      patientId: c.patientId,
      totalCents: cents,
      paid: c.paid,
      paidCents: c.paid ? cents : 0,
      turnId: c.turnId,
      createdAt: created,
      updatedAt: created,
    });
    if (c.paid) {
      paymentRows.push({
        budgetId: id,
        kind: 'payment',
        method: 'online',
        amountCents: cents,
        createdAt: created,
      });
    }
    lineRows.push({
      budgetId: id,
      treatmentId: '0101',
      treatmentType: t?.treatmentType ?? 'consultas',
      description: t?.description ?? 'consultation',
      priceCents: cents,
      quantity: 1,
      subTotalCents: cents,
    });
  }

  // Evolutions on several teeth (FDI), the last months.
  const evolutionRows: (typeof evolutions.$inferInsert)[] = [
    [2, 16, '0601', 'Periapical X-ray: deep caries on the distal surface.', 1, 40],
    [2, 16, '0301', 'Root canal started, canals located and irrigated.', 1, 33],
    [2, 26, '0201', 'Composite filling, occlusal surface. No sensitivity.', 2, 21],
    [2, 36, '0401', 'Scaling and polishing of the lower arch.', 1, 10],
    [3, 11, '1001', 'Whitening session, shade A2 to A1.', 2, 18],
    [3, 21, '0202', 'Composite filling, mesial and incisal.', 2, 18],
    [4, 48, '0502', 'Wisdom tooth extracted, sutures placed.', 1, 8],
    [5, 13, '0901', 'Orthodontic check-up: brackets adjusted.', 2, 14],
    [6, 46, '0302', 'Root canal finished, temporary filling.', 1, 25],
    [7, 37, '0201', 'Small filling, occlusal surface.', 1, 4],
  ].map(([patientId, toothId, treatmentId, observations, medicId, daysAgo]) => ({
    patientId: Number(patientId),
    toothId: Number(toothId),
    treatmentId: String(treatmentId),
    observations: String(observations),
    medicId: Number(medicId),
    date: addDays(today, -Number(daysAgo)),
  }));

  // Recalls: the check-up, scaling and fluoride bring patients back (a visit note with one of them
  // sets the due date), and a few patients are due: one overdue, one this month, one later.
  // Patients with no turn from today on (one booked already is under Booked, not due).
  const booked = new Set(turnRows.filter((t) => t.date >= today).map((t) => t.patientId));
  const unbooked = patientIds.filter((id) => id !== 1 && !booked.has(id));
  const recallRows = [
    [-20, 6],
    [0, 6],
    [75, 12],
  ].flatMap(([dueInDays, months], i) => {
    const patientId = unbooked[i];
    if (patientId === undefined) return [];
    const dueDate = addDays(today, Number(dueInDays));
    return [{ patientId, dueDate, lastVisit: addMonths(dueDate, -Number(months)) }];
  });

  // Clinical histories: every condition answered, a few of them YES.
  const histories = [
    [2, ['b_alergicToMedicine', 'ic_hypertension'], 'Allergic to penicillin.'],
    [3, ['b_smoker'], ''],
    [4, ['ir_asthma', 'b_takeMedicine'], 'Salbutamol inhaler as needed.'],
    [5, [], ''],
    [6, ['ig_hepatitis'], 'Hepatitis A as a child.'],
  ] as const;
  const historyRows = histories.map(([patientId, yes, other]) => ({
    patientId,
    ...(Object.fromEntries(
      CONDITION_KEYS.map((key) => [key, (yes as readonly string[]).includes(key)]),
    ) as Record<ConditionKey, boolean>),
    // The General group's healing is normal unless said otherwise.
    b_normalWoundHealing: true,
    b_other: other,
  }));
  // Each history's first version, as a new history gets it: every earlier version stays readable.
  const historyVersionRows = historyRows.map(({ patientId, ...answers }) => ({
    patientId,
    version: 1,
    // Its 'other' texts but General's are empty, as the table's defaults make them.
    answers: JSON.stringify(answersOf(answers as Partial<ClinicalHistoryAnswers> as ClinicalHistoryAnswers)),
    authorUserId: null,
  }));

  const pdf = demoPdf('Panoramic X-ray - Maria Gonzalez');
  await bucket.put(DEMO_STUDY_KEY, pdf, {
    httpMetadata: { contentType: 'application/pdf' },
    customMetadata: { patient: '2', name: 'panoramic-x-ray.pdf' },
  });
  return [
    db.insert(users).values(medicUsers),
    db.insert(medics).values(medicRows),
    ...inserts(db, users, patientUsers),
    ...inserts(db, patients, patientRows),
    ...inserts(db, turns, turnRows),
    ...inserts(db, budgets, budgetRows),
    ...inserts(db, budgetLines, lineRows),
    ...inserts(db, budgetPayments, paymentRows),
    ...inserts(db, evolutions, evolutionRows),
    ...inserts(db, clinicalHistories, historyRows),
    ...inserts(db, clinicalHistoryVersions, historyVersionRows),
    ...Object.entries(DEMO_RECALL_MONTHS).map(([id, recallMonths]) =>
      db.update(treatments).set({ recallMonths }).where(eq(treatments.id, id)),
    ),
    ...inserts(db, recalls, recallRows),
    db.insert(studies).values({
      patientId: 2,
      studyType: 'complementary',
      description: 'Panoramic X-ray',
      fileKey: DEMO_STUDY_KEY,
      fileName: 'panoramic-x-ray.pdf',
      fileSize: pdf.byteLength,
    }),
  ];
}

/** The recall interval, in months, of the demo clinic's check-up, scaling and fluoride. */
const DEMO_RECALL_MONTHS: Record<string, number> = { '0101': 12, '0401': 6, '0701': 6 };

const TURN_REASONS = [
  'Check-up and cleaning',
  'Filling follow-up',
  'Root canal session',
  'Orthodontic adjustment',
  'Tooth sensitivity',
  'Crown fitting',
  'Scaling and polishing',
];

/** 'María' → 'maria': an email's local part. */
const plain = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
