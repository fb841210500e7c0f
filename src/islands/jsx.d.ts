/** HTML the site writes that React's types do not know yet. */
import 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** Where an island is hydrated (src/islands/Island.tsx); `display: contents`, so it is no box of its own. */
      'cesa-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** Invoker commands: what the button does to the element `commandfor` names (`show-modal`, `close`), with no script. */
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover' | undefined;
    commandfor?: string | undefined;
  }
}
