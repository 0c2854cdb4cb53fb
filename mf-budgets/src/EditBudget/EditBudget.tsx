import {
  ApiError,
  answer,
  api,
  ifMatch,
  Link,
  notify,
  notifyFailure,
  Page,
  Spinner,
  useBudgetMoney,
  useNavigate,
  useParams,
  useQuery,
} from '@clinic/kit';
import { type BudgetDetails, MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from '../AddBudget/AddBudget.module.css';
import { DraftFields } from '../AddBudget/DraftFields';
import {
  budgetBody,
  budgetChanges,
  type DraftDiscount,
  type DraftLine,
  draftDiscountOf,
  draftLinesOf,
  editable,
  priced,
} from '../AddBudget/lines';

/**
 * /home/editBudget/{budgetID}: a pending budget's lines, quantities, teeth, discount and validity,
 * in the builder's fields. A budget with any payment (or voided) is not offered for editing, and
 * the server refuses it too (409, its message shown). The save carries the budget as this screen
 * read it (If-Match): when someone changed it meanwhile the server answers 412, the screen says
 * what changed and keeps what was typed, and the next save goes through.
 */
export function EditBudget(): ReactElement {
  const { budgetID } = useParams();
  const id = /^\d+$/.test(budgetID ?? '') ? Number(budgetID) : null;
  const loaded = useQuery(id ? `budget:${id}` : null, () =>
    answer(api.Budgets[':id'].$get({ param: { id: String(id) } })),
  );
  const back = (
    <Link className="btn btn-secondary" to={id ? `/home/updateBudget/${id}` : '/home/budget'}>
      Back to the budget
    </Link>
  );
  if (id === null || loaded.state === 'error') {
    return (
      <Page title="Edit budget" actions={back}>
        <p role="alert">{loaded.state === 'error' ? loaded.msg : MSG.budgetNotFound}</p>
      </Page>
    );
  }
  if (loaded.state === 'loading') return <Spinner />;
  return <EditForm key={loaded.data.ID} budget={loaded.data} back={back} />;
}

/** Whether the lines being edited are still those of `budget` (same treatments, teeth and quantities). */
const sameLines = (lines: readonly DraftLine[], budget: BudgetDetails): boolean =>
  budgetChanges(budget, { ...budget, treatments: priced(lines).lines }).length === 0;

function EditForm({ budget, back }: { budget: BudgetDetails; back: ReactElement }): ReactElement {
  const navigate = useNavigate();
  const money = useBudgetMoney(budget);
  // The budget as this screen last knew it: saves go only if it is still so (412 otherwise).
  const [base, setBase] = useState(budget);
  const [lines, setLines] = useState<readonly DraftLine[]>(() => draftLinesOf(budget.treatments));
  const [discount, setDiscount] = useState<DraftDiscount>(() => draftDiscountOf(budget));
  const [validUntil, setValidUntil] = useState(budget.validUntil ?? '');
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState<string[]>([]);

  const title = `Edit budget ${budget.ID}`;
  if (!editable(base)) {
    return (
      <Page title={title} actions={back}>
        <p role="alert">{base.status === 'Voided' ? MSG.budgetVoided : MSG.budgetHasPayments}</p>
      </Page>
    );
  }

  const save = async (): Promise<void> => {
    if (lines.length === 0) {
      await notify({ title: MSG.completeBudget, icon: 'warning' });
      return;
    }
    setSaving(true);
    try {
      const json = { ID: base.ID, ...budgetBody(lines, discount, validUntil) };
      await answer(api.Budgets.$put({ json }, ifMatch(base)));
      await notify({ title: MSG.budgetUpdated, icon: 'success' });
      void navigate(`/home/updateBudget/${base.ID}`);
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && err.status === 412 && err.current) {
        const current = err.current as unknown as BudgetDetails;
        const what = budgetChanges(base, current);
        // What this form left as it was takes the other person's value; what was typed stays.
        if (sameLines(lines, base)) setLines(draftLinesOf(current.treatments));
        const untouched = draftDiscountOf(base);
        if (discount.kind === untouched.kind && discount.text === untouched.text) {
          setDiscount(draftDiscountOf(current));
        }
        if (validUntil === (base.validUntil ?? '')) setValidUntil(current.validUntil ?? '');
        setBase(current);
        setChanged(what);
        await notify({
          title: MSG.staleRecord,
          text: what.length ? `${MSG.staleFields} ${what.join(', ')}. ${MSG.staleKept}` : MSG.staleKept,
          icon: 'warning',
        });
        return;
      }
      await notifyFailure(err);
    }
  };

  return (
    <Page title={title} actions={back}>
      <p>
        {budget.patientFullName} · DNI {budget.patientDocument}
      </p>
      {changed.length > 0 ? (
        <div role="status" className="card">
          <p>
            {MSG.staleFields} {changed.join(', ')}.
          </p>
          <p>
            {MSG.changedByOther} {base.treatments.length} treatment lines
            {base.discount ? `, discount ${money(base.discount)}` : ''}
            {base.validUntil ? `, valid until ${base.validUntil}` : ''}, total {money(base.totalPrice)}.
          </p>
        </div>
      ) : null}
      <section className={styles.section} aria-labelledby="edit-treatments">
        <h3 id="edit-treatments">Treatments</h3>
        <DraftFields
          lines={lines}
          setLines={setLines}
          discount={discount}
          setDiscount={setDiscount}
          validUntil={validUntil}
          setValidUntil={setValidUntil}
          canAdd
        />
      </section>
      <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save()}>
        Save changes
      </button>
    </Page>
  );
}
