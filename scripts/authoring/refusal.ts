/**
 * A change to the content refused, with the status an HTTP answer carries and the words a person
 * reads: its catalogued code, what is wrong (`error`) and what to do (`hint`). `npm run new` prints
 * them; the editor's API answers with them (editor/server/http.ts). `extra` goes into an answer
 * beside them (a delete refused for a changed file also sends the file as it is now).
 *
 * Made by a catalogue (scripts/errors/catalogue.ts: `AUTHORING.refusal('CODE', params)`), never with
 * words written at the call site: tests/errors/inline-words.test.ts holds that rule.
 */
export interface RefusalWords {
  /** The entry of a catalogue the words come from (docs/errors.md lists them). */
  code: string;
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

  get code(): string {
    return this.body.code;
  }
}
