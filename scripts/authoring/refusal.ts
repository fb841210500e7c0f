/**
 * A change to the content refused, with the status an HTTP answer carries and the words a person
 * reads: what is wrong (`error`) and what to do (`hint`). `npm run new` prints them; the editor's API
 * answers with them (editor/server/http.ts). `extra` goes into an answer beside them (a delete
 * refused for a changed file also sends the file as it is now).
 */
export interface RefusalWords {
  error: string;
  hint?: string;
}

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: RefusalWords,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(body.error);
  }
}
