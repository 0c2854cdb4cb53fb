/** What a one-page record PDF holds: a title, its facts under it, then labelled entries. */
export interface RecordPdf {
  title: string;
  facts: readonly (readonly [string, string])[];
  entries: readonly (readonly [string, string])[];
}

/**
 * A record as a PDF (A4): the title, the facts, a rule, then the entries, on as many pages as they
 * take. The clinical history and the payment receipt are both drawn by it. jspdf is loaded only
 * when a PDF is asked for, so it never weighs on the portal's first load.
 */
export async function recordPdf({ title, facts, entries }: RecordPdf): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ format: 'a4', unit: 'mm' });
  const left = 20;
  const valueX = 100;
  const bottom = 287;
  doc.setProperties({ title });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text(title, left, 22);
  doc.setFontSize(11);
  let y = 34;
  for (const [label, value] of facts) {
    doc.setFont('helvetica', 'bold');
    doc.text(`${label}:`, left, y);
    doc.setFont('helvetica', 'normal');
    doc.text(value, left + 28, y);
    y += 6;
  }
  y += 4;
  doc.line(left, y - 4, 190, y - 4);
  doc.setFontSize(10);
  for (const [label, value] of entries) {
    const lines: string[] = doc.splitTextToSize(value, 190 - valueX);
    if (y + lines.length * 5 > bottom) {
      doc.addPage();
      y = 20;
    }
    doc.setFont('helvetica', 'bold');
    doc.text(label, left, y);
    doc.setFont('helvetica', 'normal');
    doc.text(lines, valueX, y);
    y += Math.max(1, lines.length) * 5 + 1;
  }
  return doc.output('blob');
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A blob's bytes as base64 text (how a drawn PDF travels in a JSON body). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
