import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** Line icons in the style of src/components/icons.tsx: 24-unit grid, current colour. */
export function Line({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ImageIcon = (props: IconProps) => (
  <Line {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="m21 15-5-5L5 21" />
  </Line>
);

export const ImageOffIcon = (props: IconProps) => (
  <Line {...props}>
    <path d="M2 2l20 20" />
    <path d="M10.4 3H19a2 2 0 0 1 2 2v8.6M21 19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5c0-.6.3-1.1.7-1.5" />
    <path d="m14 14-1-1-8 8M16 10l5 5" />
  </Line>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Line {...props}>
    <path d="m15 18-6-6 6-6" />
  </Line>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Line {...props}>
    <path d="m9 18 6-6-6-6" />
  </Line>
);

export const BagIcon = (props: IconProps) => (
  <Line {...props}>
    <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
    <path d="M3 6h18M16 10a4 4 0 0 1-8 0" />
  </Line>
);

export const LockIcon = (props: IconProps) => (
  <Line {...props}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Line>
);

export const AlertIcon = (props: IconProps) => (
  <Line {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4M12 16h.01" />
  </Line>
);

export const GlobeIcon = (props: IconProps) => (
  <Line {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Line>
);
