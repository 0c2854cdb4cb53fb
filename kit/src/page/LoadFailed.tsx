import type { ReactElement } from 'react';

/**
 * A read that failed, where its content would be: what went wrong, and Retry when trying again can
 * help (no answer, or the server's own fault). A read the network lost also loads by itself once
 * the browser is back online (useQuery).
 */
export function LoadFailed(props: { resource: { msg: string; retry?: () => void } }): ReactElement {
  const { msg, retry } = props.resource;
  return (
    <div className="load-failed">
      <p role="alert">{msg}</p>
      {retry ? (
        <button type="button" className="btn btn-secondary" onClick={retry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
