import { notify, SelectField, TextField, TreatmentPicker, useMoney } from '@clinic/kit';
import { type BudgetLine, isTooth, MSG, QUANTITY_MAX, type Treatment } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { BudgetLines, lineName } from '../BudgetTable/BudgetTable';
import styles from './AddBudget.module.css';
import {
  addTreatment,
  changeQuantity,
  type DraftDiscount,
  type DraftLine,
  discountCents,
  discountValue,
  priced,
} from './lines';

const lineLabel = (line: BudgetLine): string =>
  `${line.ID} · ${lineName(line)}${line.toothID ? ` · tooth ${line.toothID}` : ''}`;

/** A line's quantity with its − and + (at most QUANTITY_MAX). */
function QuantityStepper(props: {
  line: BudgetLine;
  setLines: (change: (current: readonly DraftLine[]) => DraftLine[]) => void;
}): ReactElement {
  const { line: l, setLines } = props;
  return (
    <span className={styles.quantity}>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={`Lower quantity of ${lineLabel(l)}`}
        onClick={() => setLines((current) => changeQuantity(current, l.ID, -1, l.toothID))}
      >
        −
      </button>
      <output aria-label={`Quantity of ${lineLabel(l)}`}>{l.quantity}</output>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={`Raise quantity of ${lineLabel(l)}`}
        disabled={l.quantity >= QUANTITY_MAX}
        onClick={() => setLines((current) => changeQuantity(current, l.ID, 1, l.toothID))}
      >
        +
      </button>
    </span>
  );
}

/** The budget builder's fields, shared by Add Budget and Edit budget: lines, discount, validity, total. */
export function DraftFields(props: {
  lines: readonly DraftLine[];
  setLines: (change: (current: readonly DraftLine[]) => DraftLine[]) => void;
  discount: DraftDiscount;
  setDiscount: (discount: DraftDiscount) => void;
  validUntil: string;
  setValidUntil: (date: string) => void;
  /** Whether a line may be added now (Add Budget needs its patient first). */
  canAdd: boolean;
}): ReactElement {
  const { lines, setLines, discount, setDiscount } = props;
  const [treatment, setTreatment] = useState<Treatment | null>(null);
  const [tooth, setTooth] = useState('');
  // Lines added so far: each one empties the line's fields (a new picker) for the next line.
  const [added, setAdded] = useState(0);
  const adder = useRef<HTMLDivElement>(null);
  const money = useMoney();

  // After a line is added the focus goes back to the emptied treatment field, where the next starts.
  useEffect(() => {
    if (added > 0) adder.current?.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
  }, [added]);

  const addLine = (): void => {
    if (!props.canAdd || !treatment) {
      void notify({ title: MSG.selectPatientAndTreatment, icon: 'warning' });
      return;
    }
    const toothID = tooth.trim() === '' ? null : Number(tooth);
    if (toothID !== null && !isTooth(toothID)) {
      void notify({ title: MSG.invalidTooth, icon: 'warning' });
      return;
    }
    setLines((current) => addTreatment(current, treatment, toothID));
    // The treatment and tooth were this line's: the next line starts with neither, so it never
    // takes the last one's tooth without the medic seeing it.
    setTreatment(null);
    setTooth('');
    setAdded((n) => n + 1);
  };

  const budget = priced(lines);
  const value = discountValue(discount);
  const discountAmount =
    value === null ? 0 : discountCents(Math.round(budget.total * 100), { kind: discount.kind, value }) / 100;

  return (
    <>
      <div className={styles.adder} ref={adder}>
        <TreatmentPicker key={added} value={treatment} onChange={setTreatment} />
        <TextField
          label="Tooth (optional)"
          name="tooth"
          inputMode="numeric"
          hint="FDI number, e.g. 16"
          value={tooth}
          onChange={(e) => setTooth(e.target.value)}
        />
        <button type="button" className="btn btn-secondary" onClick={addLine}>
          Add to budget
        </button>
      </div>
      {lines.length === 0 ? (
        <p className="muted">{MSG.noTreatmentsAdded}</p>
      ) : (
        <BudgetLines
          caption="Treatments in this budget"
          lines={budget.lines}
          quantity={(l) => <QuantityStepper line={l} setLines={setLines} />}
        />
      )}
      <div className={styles.adder}>
        <SelectField
          label="Discount as"
          name="discountKind"
          options={[
            { value: 'amount', label: 'An amount' },
            { value: 'percent', label: 'A percentage' },
          ]}
          value={discount.kind}
          onChange={(e) =>
            setDiscount({ ...discount, kind: e.target.value === 'percent' ? 'percent' : 'amount' })
          }
        />
        <TextField
          label="Discount"
          name="discount"
          inputMode="decimal"
          value={discount.text}
          onChange={(e) => setDiscount({ ...discount, text: e.target.value })}
        />
        <TextField
          label="Valid until"
          name="validUntil"
          type="date"
          value={props.validUntil}
          onChange={(e) => props.setValidUntil(e.target.value)}
        />
      </div>
      {discountAmount > 0 ? <p className={styles.total}>Discount: −{money(discountAmount)}</p> : null}
      <p className={styles.total} aria-live="polite">
        Total: <strong>{money(budget.total - discountAmount)}</strong>
      </p>
    </>
  );
}
