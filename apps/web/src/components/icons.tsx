import type { ReactNode } from 'react';

/**
 * The app's icons, each drawn once: 24-unit line drawings in `currentColor`, so a button's text
 * colour paints them. They are decorative (`aria-hidden`); the button around one carries the name.
 * Inline SVG on purpose: no image requests, and each screen's chunk holds only the icons it uses.
 */
interface IconProps {
  /** Width and height in CSS pixels. */
  size?: number;
}

const LINE = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8 } as const;

function Icon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function HeartIcon({ filled, size = 22 }: IconProps & { filled: boolean }) {
  return (
    <Icon size={size}>
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.4 0 5.6 3.3 4.4 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        {...LINE}
        fill={filled ? 'currentColor' : 'none'}
        strokeLinejoin="round"
      />
    </Icon>
  );
}

/** Shown / hidden: a password field's reveal button and the wallet balance's privacy toggle. */
export function EyeIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" {...LINE} />
      <circle cx="12" cy="12" r="3" {...LINE} />
    </Icon>
  );
}

export function EyeOffIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path
        d="M3 3l18 18M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
        {...LINE}
        strokeLinecap="round"
      />
    </Icon>
  );
}

export function MenuIcon({ size = 20 }: IconProps) {
  return (
    <Icon size={size}>
      <path d="M4 7h16M4 12h16M4 17h16" {...LINE} strokeWidth={1.9} strokeLinecap="round" />
    </Icon>
  );
}

export function BellIcon({ size = 20 }: IconProps) {
  return (
    <Icon size={size}>
      <path
        d="M6 16V11a6 6 0 1 1 12 0v5l1.6 2H4.4L6 16Zm4 4a2 2 0 0 0 4 0"
        {...LINE}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </Icon>
  );
}

export function TrashIcon({ size = 18 }: IconProps) {
  return (
    <Icon size={size}>
      <path
        d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v6M14 11v6"
        {...LINE}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function CopyIcon({ size = 16 }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="8" y="8" width="12" height="12" rx="2" {...LINE} />
      <path
        d="M16 8V5.5A1.5 1.5 0 0 0 14.5 4h-9A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8"
        {...LINE}
      />
    </Icon>
  );
}

export function LockIcon({ size = 15 }: IconProps) {
  return (
    <Icon size={size}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" fill="currentColor" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" {...LINE} strokeWidth={2} strokeLinecap="round" />
    </Icon>
  );
}
