import { linkHost, type Study } from '@clinic/worker/contract';
import type { ReactElement, ReactNode } from 'react';

/**
 * How a study opens, on the medic's patient page and in the patient's portal alike: a link to where
 * it is kept elsewhere (named by its host), the PDF kept here, or `missing` when it has neither.
 */
export function StudyOpener(props: {
  study: Pick<Study, 'attach' | 'link' | 'fileName'>;
  missing: ReactNode;
}): ReactElement {
  const { attach, link, fileName } = props.study;
  if (!attach) return <span className="muted">{props.missing}</span>;
  return (
    <a href={attach} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
      {link ? `Open link to study (${linkHost(attach)})` : `Open study ${fileName ?? ''}`}
    </a>
  );
}
