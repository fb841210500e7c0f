/**
 * The Upcoming batches page's choices of centre and mode, without a framework: the list is whole in the
 * HTML (for readers without JavaScript and for search engines); this shows the choices and hides the
 * batches, and the months, they leave out. What it needs is in the markup (data-centre, data-mode).
 */
import type { Behaviour } from '../../islands/behaviour';

const upcomingBatches: Behaviour = (root) => {
  const filters = root.querySelector<HTMLElement>('[data-filters]');
  const centre = root.querySelector<HTMLSelectElement>('[data-filter="centre"]');
  const mode = root.querySelector<HTMLSelectElement>('[data-filter="mode"]');
  const count = root.querySelector<HTMLElement>('[data-count]');
  const none = root.querySelector<HTMLElement>('[data-none]');
  if (!filters || !centre || !mode) return;
  const apply = () => {
    let shown = 0;
    for (const month of root.querySelectorAll<HTMLElement>('[data-month]')) {
      let inMonth = 0;
      for (const item of month.querySelectorAll<HTMLElement>('li[data-centre]')) {
        const match = (centre.value === '' || item.dataset.centre === centre.value) && (mode.value === '' || (item.dataset.mode ?? '').split(' ').includes(mode.value));
        item.hidden = !match;
        if (match) inMonth++;
      }
      month.hidden = inMonth === 0;
      shown += inMonth;
    }
    if (count) count.textContent = shown === 1 ? '1 batch' : `${shown} batches`;
    if (none) none.hidden = shown > 0;
  };
  filters.hidden = false;
  root.addEventListener('change', apply);
  apply();
  return () => {
    root.removeEventListener('change', apply);
    filters.hidden = true;
  };
};

export default upcomingBatches;
