import { answer, api, type Resource, useQuery } from '@clinic/kit';
import { formatMoney } from '@clinic/worker/contract';

/** What a consultation costs, written in the clinic's currency ('ARS 1,170.00'), read once a session. */
export function useConsultationPrice(): Resource<string> {
  return useQuery('consultation-price', async () => {
    const { price, currency } = await answer(api.treatments.consultation.$get());
    return formatMoney(price, currency);
  });
}
