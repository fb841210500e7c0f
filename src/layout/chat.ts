/**
 * The chat button's link: a WhatsApp link with the first message already typed, naming the course of
 * the page the visitor is on ("Hello CESA, I'm interested in the ETABS course."), so that the academy
 * knows from the first line what the visitor came for. Pure: the words are the site document's.
 */

/** Where the message of a course page names the course. */
export const COURSE_PLACEHOLDER = '{name}';

/** WhatsApp's chat links, which open with the words of their `text` parameter typed in. */
const WHATSAPP_HOSTS = new Set(['wa.me', 'api.whatsapp.com', 'web.whatsapp.com']);

export interface ChatMessages {
  coursePage: string;
  otherPages: string;
}

/** The first message on a page: the course page's words with its course named, or the other pages' words. */
export function chatMessage(messages: ChatMessages, course: string | undefined): string {
  return course === undefined ? messages.otherPages : messages.coursePage.split(COURSE_PLACEHOLDER).join(course);
}

/**
 * `link` with `message` as the chat's first words. Percent-encoded as WhatsApp reads it (a space is
 * %20, not +). A link that is not WhatsApp's is kept as written: another service has no such parameter.
 */
export function chatHref(link: string, message: string | undefined): string {
  if (message === undefined || !URL.canParse(link)) return link;
  const url = new URL(link);
  if (!WHATSAPP_HOSTS.has(url.hostname)) return link;
  url.searchParams.delete('text');
  const kept = url.searchParams.toString();
  url.search = `${kept === '' ? '' : `${kept}&`}text=${encodeURIComponent(message)}`;
  return url.href;
}
