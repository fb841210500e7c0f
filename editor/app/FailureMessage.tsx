/** A refusal or failure of the dev server, as it said it: what is wrong, then what to do. */
import type { ApiFailure } from './api';

export function FailureMessage({ failure, id }: { failure: ApiFailure; id?: string }) {
  return (
    <div className="ed-failure" role="alert" id={id}>
      <p className="ed-failure__message">{failure.message}</p>
      {failure.hint ? <p className="ed-failure__hint">{failure.hint}</p> : null}
    </div>
  );
}
