// The one breakpoint scale, for CSS and TypeScript alike. Stylesheets write
// `@media (--md-up)` (custom media syntax); web/vite.config.ts replaces each
// `(--name)` with the query below at build time, and code that must know the
// layout passes the same MEDIA entry to matchMedia. Mobile first: styles are
// for phones, `-up` queries add to them.
const BREAKPOINTS = { xs: 400, sm: 640, md: 800, lg: 960 } as const;

type Size = keyof typeof BREAKPOINTS;
const up = (size: Size) => `(min-width: ${BREAKPOINTS[size]}px)`;
const below = (size: Size) => `(max-width: ${BREAKPOINTS[size] - 1}px)`;

export const MEDIA = {
  'xs-down': below('xs'),
  'sm-up': up('sm'),
  'sm-down': below('sm'),
  'md-up': up('md'),
  'md-down': below('md'),
  'lg-up': up('lg'),
  'lg-down': below('lg'),
} as const;

export type MediaName = keyof typeof MEDIA;
