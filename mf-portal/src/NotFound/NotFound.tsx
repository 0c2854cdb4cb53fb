import { Link, Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** Any /home path this area does not know. */
export function NotFound(): ReactElement {
  return (
    <Page title="Page not found">
      <p>
        <Link to="/home">Back to Home</Link>
      </p>
    </Page>
  );
}
