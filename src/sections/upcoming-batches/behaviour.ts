/**
 * The Upcoming batches page's choices of centre and mode, without a framework: the list is whole in the
 * HTML (for readers without JavaScript and for search engines); this shows the choices (their room is
 * kept while they are unseen, so nothing moves) and hides the batches, and the months, they leave out.
 * What it needs is in the markup (data-filter, data-value; each batch's data-centre, data-mode).
 */
import type { Behaviour } from '../../islands/behaviour';

const upcomingBatches: Behaviour = (root) => {
  const filters = root.querySelector<HTMLElement>('[data-filters]');
  const count = root.querySelector<HTMLElement>('[data-count]');
  const none = root.querySelector<HTMLElement>('[data-none]');
  if (!filters) return;
  const chosen: Record<string, string> = { centre: '', mode: '' };
  const apply = () => {
    let shown = 0;
    for (const month of root.querySelectorAll<HTMLElement>('[data-month]')) {
      let inMonth = 0;
      for (const item of month.querySelectorAll<HTMLElement>('li[data-centre]')) {
        const match = (chosen.centre === '' || item.dataset.centre === chosen.centre) && (chosen.mode === '' || (item.dataset.mode ?? '').split(' ').includes(chosen.mode!));
        item.hidden = !match;
        if (match) inMonth++;
      }
      month.hidden = inMonth === 0;
      shown += inMonth;
    }
    if (count) count.textContent = shown === 1 ? '1 batch' : `${shown} batches`;
    if (none) none.hidden = shown > 0;
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-filter]') : null;
    const filter = button?.dataset.filter;
    if (!button || filter === undefined) return;
    chosen[filter] = button.dataset.value ?? '';
    for (const other of filters.querySelectorAll<HTMLButtonElement>(`button[data-filter="${filter}"]`)) other.setAttribute('aria-pressed', String(other === button));
    apply();
  };
  filters.dataset.ready = '';
  filters.addEventListener('click', onClick);
  apply();
  return () => {
    filters.removeEventListener('click', onClick);
    delete filters.dataset.ready;
  };
};

export default upcomingBatches;
