/** Plain DOM building for the game pages (no framework). */

type Child = Node | string | null | undefined | false;
type Props = {
  className?: string;
  testid?: string;
  text?: string;
  attrs?: Record<string, string>;
  on?: Partial<Record<keyof HTMLElementEventMap, (event: Event) => void>>;
};

export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.testid) element.dataset.testid = props.testid;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const [name, handler] of Object.entries(props.on ?? {}))
    element.addEventListener(name, handler as EventListener);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
};

/** A labelled form field. */
export const field = (label: string, control: HTMLElement): HTMLElement =>
  h('label', { className: 'field' }, h('span', { text: label }), control);

export const betInput = (initial = '1.00'): HTMLInputElement =>
  h('input', { testid: 'bet', attrs: { inputmode: 'decimal', value: initial, autocomplete: 'off' } });
