import { Svg, type IconProps } from './icons';

/**
 * Icons of controls that only lazily loaded code shows (password fields, the header wallet, the captcha, the account
 * menu): apart from icons.tsx so they stay out of the first page's JavaScript.
 */
export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 5C6.5 5 2.3 9.1 1 12c1.3 2.9 5.5 7 11 7s9.7-4.1 11-7c-1.3-2.9-5.5-7-11-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
  </Svg>
);

export const EyeOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.8 1.4 1.4 2.8l3.3 3.3C2.9 7.5 1.6 9.9 1 12c1.3 2.9 5.5 7 11 7 2 0 3.8-.5 5.3-1.3l3.9 3.9 1.4-1.4zM12 16.5A4.5 4.5 0 0 1 7.7 10.6l1.6 1.6a2.5 2.5 0 0 0 2.5 2.5l1.6 1.6c-.4.1-.9.2-1.4.2zM12 5c5.5 0 9.7 4.1 11 7-.6 1.4-1.7 3-3.2 4.3l-3.4-3.4A4.5 4.5 0 0 0 11.1 7.6L8.9 5.4C9.9 5.1 10.9 5 12 5z" />
  </Svg>
);

export const RefreshIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4z" />
  </Svg>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m7 9.5 5 5 5-5 1.4 1.4L12 17.3l-6.4-6.4z" />
  </Svg>
);

export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
  </Svg>
);
