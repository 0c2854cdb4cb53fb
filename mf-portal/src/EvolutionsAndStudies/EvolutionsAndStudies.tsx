import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/evolutionsNStudies */
export function EvolutionsAndStudies(): ReactElement {
  return <Page title="Evolutions and studies" />;
}
