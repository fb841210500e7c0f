/**
 * The cards' dialogs in browsers that do not run invoker commands yet (`command`/`commandfor`,
 * component.tsx): a press on such a button does what the browser would. Where the browser runs them
 * itself, this does nothing.
 */
import type { Behaviour } from '../../islands/behaviour';

const roleCards: Behaviour = (root) => {
  if ('commandForElement' in HTMLButtonElement.prototype) return;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[commandfor]') : null;
    const dialog = button ? document.getElementById(button.getAttribute('commandfor') ?? '') : null;
    if (!button || !(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute('command');
    if (command === 'show-modal' && !dialog.open) dialog.showModal();
    else if (command === 'close') dialog.close();
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
};

export default roleCards;
