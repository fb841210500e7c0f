/**
 * The hosted editor's publishing requests (editor/protocol/publish.ts): refusals become
 * ApiFailures with the server's own words, as for the rest of the editor.
 */
import { ApiFailure, SIGNED_OUT_EVENT } from './api';
import { EDITOR_API } from '../protocol/api';
import type { Decision, MyDraftResponse, PublishRequest, PublishResponse, ReadyDraft, ReviewResponse, ScheduledPublish, ScheduleRequest, UnscheduleRequest } from '../protocol/publish';

async function request<T>(endpoint: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${EDITOR_API}/publish/${endpoint}`, {
      cache: 'no-store',
      ...(body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiFailure(0, "The editor's server does not answer.", 'Check the connection, then try again.');
  }
  const answer = (await response.json().catch(() => null)) as (T & { error?: string; hint?: string }) | null;
  if (!response.ok) {
    if (response.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    throw new ApiFailure(response.status, answer?.error ?? `The editor's server could not do this (HTTP ${response.status}).`, answer?.hint);
  }
  return answer as T;
}

export const publishApi = {
  mine: () => request<MyDraftResponse>('mine'),
  ready: (ready: boolean) => request<MyDraftResponse>('ready', { ready }),
  review: () => request<ReviewResponse>('review'),
  /** The draft as it was reviewed: its commit and what the review showed, never only its name. */
  publish: (draft: ReadyDraft, decisions: Decision[] = []) =>
    request<PublishResponse>('publish', { draft: draft.draft, commit: draft.commit, digest: draft.digest, decisions } satisfies PublishRequest),
  again: () => request<{ published: string }>('again', {}),
  rollback: (tag: string) => request<{ published: string }>('rollback', { tag }),
  dismiss: () => request<object>('dismiss', {}),
  /** The draft as it was reviewed (as `publish` names it), published at `at` (an ISO instant). */
  schedule: (draft: ReadyDraft, at: string) => request<ScheduledPublish>('schedule', { draft: draft.draft, commit: draft.commit, digest: draft.digest, at } satisfies ScheduleRequest),
  unschedule: (id: string) => request<object>('unschedule', { id } satisfies UnscheduleRequest),
};
