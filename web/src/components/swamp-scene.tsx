// No photos are available offline, so the "night swamp" photograph behind the
// landing page and beside the Log In form is painted: a CSS gradient sky, an
// SVG scene of bald cypress trees over still water (with their reflection),
// and feTurbulence grain. Kept procedural rather than a static .svg file: the
// file would weigh about 6 kB gzipped against 1.5 kB for this code, and would
// paint after the page instead of with it.
import { useId } from 'react';
import styles from './swamp-scene.module.css';

interface Tree {
  trunk: string;
  crowns: Array<{ cx: number; cy: number; rx: number; ry: number }>;
  moss: string;
}

const WATER_LINE = 400;

// Seeded, so the scene is identical on every visit and in every screenshot.
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function cypress(x: number, height: number, width: number, random: () => number): Tree {
  const base = WATER_LINE;
  const top = base - height;
  // Bald cypress: a buttressed, flared foot and a thin trunk up to a flat, clumpy crown.
  const trunk = [
    `M${x - width * 2.2} ${base}`,
    `C${x - width * 0.9} ${base - 6} ${x - width * 0.7} ${base - height * 0.18} ${x - width * 0.45} ${base - height * 0.3}`,
    `L${x - width * 0.22} ${top + height * 0.12}`,
    `L${x + width * 0.22} ${top + height * 0.12}`,
    `L${x + width * 0.45} ${base - height * 0.3}`,
    `C${x + width * 0.7} ${base - height * 0.18} ${x + width * 0.9} ${base - 6} ${x + width * 2.2} ${base}`,
    'Z',
  ].join(' ');

  const crowns: Tree['crowns'] = [];
  const clumps = 8 + Math.floor(random() * 5);
  for (let i = 0; i < clumps; i += 1) {
    const level = i / clumps;
    const rx = width * (1.4 + random() * 2.6) * (1 - level * 0.3);
    crowns.push({
      cx: x + (random() - 0.5) * width * 6 * (0.5 + level),
      cy: top + height * (0.04 + level * 0.45 + (random() - 0.5) * 0.05),
      rx,
      ry: rx * (0.3 + random() * 0.2),
    });
  }

  // Spanish moss: short strands hanging under the crown clumps.
  const moss = crowns
    .slice(1)
    .map(({ cx, cy, rx, ry }) => {
      const strandX = cx + (random() - 0.5) * rx;
      return `M${strandX} ${cy + ry * 0.6}v${8 + random() * 22}`;
    })
    .join(' ');

  return { trunk, crowns, moss };
}

function grove(seed: number, count: number, minHeight: number, maxHeight: number, width: number): Tree[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const x = ((i + 0.2 + random() * 0.6) / count) * 1200;
    return cypress(x, minHeight + random() * (maxHeight - minHeight), width * (0.8 + random() * 0.4), random);
  });
}

const FAR_TREES = grove(7, 14, 120, 210, 7);
const NEAR_TREES = grove(42, 6, 250, 360, 12);

function Trees({ trees }: { trees: Tree[] }) {
  return trees.map((tree, index) => (
    <g key={index}>
      <path d={tree.trunk} />
      {tree.crowns.map((crown, i) => (
        <ellipse key={i} {...crown} />
      ))}
      <path d={tree.moss} className={styles.moss} />
    </g>
  ));
}

export function SwampScene() {
  // Prefixed ids: SVG references are document-global.
  const uid = useId().replace(/:/g, '');
  const id = (name: string) => `${uid}-${name}`;
  const ref = (name: string) => `url(#${id(name)})`;
  return (
    <div className={styles.scene} aria-hidden="true">
      <svg className={styles.picture} viewBox="0 0 1200 600" preserveAspectRatio="xMidYMid slice" focusable="false">
        <defs>
          <radialGradient id={id('moon-glow')}>
            <stop offset="0" stopColor="#f3eed3" stopOpacity="0.55" />
            <stop offset="0.35" stopColor="#cfe3cc" stopOpacity="0.16" />
            <stop offset="1" stopColor="#cfe3cc" stopOpacity="0" />
          </radialGradient>
          <linearGradient id={id('fog')} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#9fc0ad" stopOpacity="0" />
            <stop offset="0.6" stopColor="#9fc0ad" stopOpacity="0.2" />
            <stop offset="1" stopColor="#9fc0ad" stopOpacity="0.05" />
          </linearGradient>
          <linearGradient id={id('water')} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#0b2219" stopOpacity="0.7" />
            <stop offset="1" stopColor="#010403" stopOpacity="1" />
          </linearGradient>
          <pattern id={id('ripples')} width="40" height="9" patternUnits="userSpaceOnUse">
            <path d="M0 8h40" stroke="#ffffff" strokeOpacity="0.05" strokeWidth="1.2" />
          </pattern>
          <filter id={id('soft')}>
            <feGaussianBlur stdDeviation="2.5" />
          </filter>
          <g id={id('far')}>
            <Trees trees={FAR_TREES} />
          </g>
          <g id={id('near')}>
            <Trees trees={NEAR_TREES} />
          </g>
        </defs>

        <circle cx="690" cy="110" r="170" fill={ref('moon-glow')} />
        <circle cx="690" cy="110" r="30" fill="#f1ecd1" />

        <use href={`#${id('far')}`} fill="#0e271d" stroke="#0e271d" />
        <rect x="0" y="250" width="1200" height="150" fill={ref('fog')} />
        <use href={`#${id('near')}`} fill="#030a07" stroke="#030a07" />

        <rect x="0" y={WATER_LINE} width="1200" height="200" fill="#020806" />
        <g transform={`matrix(1 0 0 -1 0 ${WATER_LINE * 2})`} opacity="0.35" filter={ref('soft')}>
          <use href={`#${id('far')}`} fill="#1a3a2d" stroke="#1a3a2d" />
          <use href={`#${id('near')}`} fill="#0b1e16" stroke="#0b1e16" />
        </g>
        <rect x="0" y={WATER_LINE} width="1200" height="200" fill={ref('water')} />
        <ellipse cx="690" cy={WATER_LINE + 70} rx="22" ry="80" fill="#f1ecd1" opacity="0.16" filter={ref('soft')} />
        <rect x="0" y={WATER_LINE} width="1200" height="200" fill={ref('ripples')} />
      </svg>
      <svg className={styles.grain} focusable="false">
        <filter id={id('grain')}>
          <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="3" stitchTiles="stitch" />
          <feColorMatrix type="saturate" values="0" />
        </filter>
        <rect width="100%" height="100%" filter={ref('grain')} />
      </svg>
    </div>
  );
}
