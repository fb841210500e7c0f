import { useCourses } from '../page/courses-context';
import { useRoute } from '../page/route-context';
import { useSite } from '../page/site-context';
import { SmartLink } from '../ui/SmartLink';
import { chatHref, chatMessage } from './chat';
import { telHref } from './phone';

/**
 * Call and chat on every page: a bar along the bottom of a phone's screen with the two actions named,
 * round buttons at the bottom right of a wide screen (layout.css). The visible word is the start of each
 * link's name, which says whom it calls. A chat from a course page opens with the course named (chat.ts).
 */
export function FloatingButtons() {
  const site = useSite();
  const course = useCourses()[useRoute()]?.name;
  const { chat, chatMessage: messages } = site.contact;
  const chatLink = chatHref(chat, messages && chatMessage(messages, course));
  return (
    <aside className="floating-actions" aria-label="Quick contact">
      <a href={telHref(site.contact.phone)} className="floating-actions__button floating-actions__button--call">
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25c1.1.37 2.3.57 3.6.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
          />
        </svg>
        <span className="floating-actions__label" aria-hidden="true">
          Call
        </span>
        <span className="visually-hidden">Call {site.shortName}</span>
      </a>
      <SmartLink href={chatLink} className="floating-actions__button floating-actions__button--chat">
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.8-1.26A9.5 9.5 0 1 0 12 2.5zm0 17.2c-1.45 0-2.86-.4-4.1-1.14l-.3-.18-2.84.75.76-2.77-.2-.3A7.7 7.7 0 1 1 12 19.7zm4.2-5.75c-.23-.12-1.36-.67-1.57-.75-.21-.08-.36-.12-.52.11-.15.23-.6.75-.73.9-.13.16-.27.18-.5.06a6.3 6.3 0 0 1-3.1-2.72c-.24-.4.23-.37.67-1.25.08-.15.04-.29-.02-.4l-.7-1.7c-.19-.45-.38-.39-.52-.4h-.45a.86.86 0 0 0-.62.3 2.6 2.6 0 0 0-.82 1.94c0 1.14.83 2.25.95 2.4.11.16 1.63 2.5 3.96 3.5 1.47.64 2.05.69 2.78.58.45-.07 1.36-.56 1.56-1.1.19-.53.19-.99.13-1.09-.05-.1-.2-.16-.43-.28z"
          />
        </svg>
        <span className="floating-actions__label" aria-hidden="true">
          WhatsApp
        </span>
        <span className="visually-hidden">Chat with {site.shortName} on WhatsApp</span>
      </SmartLink>
    </aside>
  );
}
