/**
 * Static components hold no browser behaviour (eslint.config.js, `islands/static-component`): every
 * .tsx of src/sections/, src/layout/, src/ui/, src/page/ and src/app/ but island.tsx is rendered to
 * HTML once and never hydrated, so a hook with state or effects, an event handler, a ref or an
 * import of browser-only code there is dead code, and the lint says where the behaviour goes instead.
 */
// @tier slow: runs ESLint
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { virtualLinter } from '../helpers/virtual-lint';

const RULE = 'islands/static-component';

/** What every message of the rule ends with: what to do. */
const MOVE_IT =
  'a static component is rendered to HTML once and never runs in the browser: move this behaviour to behaviour.ts beside it (plain DOM code) or to island.tsx (a React island)';
const hookMessage = (hook: string) =>
  `${hook} holds state or runs effects, but ${MOVE_IT}. useId, useContext, useMemo, use and the context readers (useSite, useRoute…) are fine here.`;
const handlerMessage = (attribute: string) => `${attribute} is an event handler, but ${MOVE_IT}.`;
const refMessage = (element: string) =>
  `ref on <${element}> is never set: ${MOVE_IT} (find the element there by a class or a data- attribute the component writes).`;

/** Folders that do not exist, under the static folders (tests/helpers/virtual-lint.ts). */
const VIRTUAL_FOLDERS = ['src/sections/example', 'src/layout/menu', 'src/ui/example', 'src/app/example'];

const ruleMessages = virtualLinter(VIRTUAL_FOLDERS, [RULE]);

const COUNTER = `import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}
`;

describe('static components hold no browser behaviour', () => {
  it('useState in a static section component is an error that says where the behaviour goes', async () => {
    const code = `import { useState } from 'react';

export default function Counter() {
  const [count] = useState(0);
  return <p>{count}</p>;
}
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([hookMessage('useState')]);
  });

  it('the other stateful hooks too, called as React.useEffect or imported under another name', async () => {
    const code = `import * as React from 'react';
import { useRef as useBox, useEffect } from 'react';

export default function Clock() {
  const box = useBox(0);
  useEffect(() => {
    box.current += 1;
  });
  React.useLayoutEffect(() => undefined, []);
  return <p />;
}
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([
      hookMessage('useRef'),
      hookMessage('useEffect'),
      hookMessage('React.useLayoutEffect'),
    ]);
  });

  it('an onClick is an error', async () => {
    const code = `export default function Button() {
  return (
    <button type="button" onClick={() => undefined}>
      Go
    </button>
  );
}
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([handlerMessage('onClick')]);
  });

  it('a ref on an element is an error', async () => {
    const code = `export default function Box() {
  return <div ref={(element) => void element} />;
}
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([refMessage('div')]);
  });

  it('importing react-intersection-observer is an error, and so is calling its useInView', async () => {
    const code = `import { useInView } from 'react-intersection-observer';

export default function Band() {
  const { ref, inView } = useInView({ triggerOnce: true });
  return <div ref={ref}>{inView ? 'in view' : 'not yet'}</div>;
}
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([
      `'react-intersection-observer' watches the screen from React state, and ${MOVE_IT}.`,
      hookMessage('useInView'),
      refMessage('div'),
    ]);
  });

  it('importing react-dom/client, firebase or src/auth/ is an error (a type from src/auth/ is not)', async () => {
    const code = `import { hydrateRoot } from 'react-dom/client';
import { getAuth } from 'firebase/auth';
import { useAuth } from '../../auth/use-auth';
import type { SessionSnapshot } from '../../auth/session';

export const unused = [hydrateRoot, getAuth, useAuth] as const;
export type Unused = SessionSnapshot;
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([
      `'react-dom/client' hydrates and renders in the browser, and ${MOVE_IT}.`,
      `'firebase/auth' is sign-in, which only an island loads, and ${MOVE_IT}.`,
      `'../../auth/use-auth' is sign-in (src/auth/), which only an island loads, and ${MOVE_IT}.`,
    ]);
  });

  it('the same code is fine in island.tsx, a React island hydrated in the browser', async () => {
    expect(await ruleMessages(COUNTER, 'src/sections/example/component.tsx')).toEqual([
      hookMessage('useState'),
      handlerMessage('onClick'),
    ]);
    expect(await ruleMessages(COUNTER, 'src/sections/example/island.tsx')).toEqual([]);
  });

  it('useId, useMemo, use, useContext and the context readers are fine in a static component', async () => {
    const code = `import { createContext, use, useContext, useId, useMemo } from 'react';
import { useRoute } from '../../page/route-context';
import { useSite } from '../../page/site-context';

const Theme = createContext('light');

export default function Panel() {
  const id = useId();
  const theme = useContext(Theme);
  const again = use(Theme);
  const site = useSite();
  const route = useRoute();
  const label = useMemo(() => \`\${theme} \${again}\`, [theme, again]);
  return (
    <section aria-labelledby={id} data-site={String(Boolean(site))} data-route={route}>
      <h2 id={id}>{label}</h2>
    </section>
  );
}
`;
    expect(await ruleMessages(code, 'src/sections/example/component.tsx')).toEqual([]);
  });

  it('the layout is static too: an onKeyDown in src/layout/menu/Menu.tsx is an error', async () => {
    const code = `export function Menu() {
  return (
    <nav onKeyDown={(event) => void event}>
      <a href="/">Home</a>
    </nav>
  );
}
`;
    expect(await ruleMessages(code, 'src/layout/menu/Menu.tsx')).toEqual([handlerMessage('onKeyDown')]);
  });

  it.each(['src/ui/example/Button.tsx', 'src/app/example/Shell.tsx'])('so are ui/ and app/: %s', async (filePath) => {
    expect(await ruleMessages(COUNTER, filePath)).toEqual([hookMessage('useState'), handlerMessage('onClick')]);
  });
});
