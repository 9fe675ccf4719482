/**
 * Original, decorative drawings (no people, no stock): a practice question being answered, an open
 * book, an empty clipboard. Colours are theme variables, so each drawing follows the colour scheme.
 */

const line = 'var(--mantine-color-default-border)';
const ink = 'var(--mantine-color-brand-6)';
const card = 'var(--mantine-color-body)';
const tint = 'var(--pn-color-surface-tint)';
const correct = 'var(--pn-color-correct-strong)';

/** Landing hero: a question card with the chosen answer checked and a progress bar. */
export function PracticeIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 360 260" aria-hidden="true" focusable="false">
      <rect x="10" y="20" width="340" height="230" rx="40" fill={tint} />
      <rect x="56" y="34" width="248" height="204" rx="18" fill={card} stroke={ink} strokeWidth="2.5" />
      <rect x="80" y="54" width="200" height="8" rx="4" fill={line} />
      <rect x="80" y="54" width="140" height="8" rx="4" fill={ink} />
      <rect x="80" y="78" width="180" height="9" rx="4.5" fill={line} />
      <rect x="80" y="94" width="120" height="9" rx="4.5" fill={line} />
      {[122, 152, 182, 212].map((y, i) => (
        <g key={y}>
          <rect
            x="76"
            y={y - 12}
            width="208"
            height="24"
            rx="8"
            fill="none"
            stroke={i === 1 ? correct : line}
            strokeWidth={i === 1 ? 2.5 : 1.5}
          />
          <circle
            cx="92"
            cy={y}
            r="6"
            fill={i === 1 ? correct : 'none'}
            stroke={i === 1 ? correct : ink}
            strokeWidth="1.5"
          />
          <rect x="106" y={y - 4} width={[120, 150, 96, 132][i]} height="8" rx="4" fill={line} />
        </g>
      ))}
      <circle cx="304" cy="46" r="24" fill={correct} />
      <path
        d="M293 46l8 8 14-15"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M20 232h40l8-16 12 30 9-20 7 10h40"
        fill="none"
        stroke={ink}
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** About page: an open book under the pulse-and-check line of the logo. */
export function StudyIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 360 220" aria-hidden="true" focusable="false">
      <rect x="20" y="16" width="320" height="196" rx="40" fill={tint} />
      <path
        d="M180 82c-30-16-70-20-110-14v110c40-6 80-2 110 14z"
        fill={card}
        stroke={ink}
        strokeWidth="2.5"
      />
      <path
        d="M180 82c30-16 70-20 110-14v110c-40-6-80-2-110 14z"
        fill={card}
        stroke={ink}
        strokeWidth="2.5"
      />
      <path d="M180 82v110" stroke={ink} strokeWidth="2.5" />
      {[100, 118, 136, 154].map((y) => (
        <g key={y}>
          <path
            d={`M88 ${y}c26-4 50-2 74 6`}
            stroke={line}
            strokeWidth="4"
            strokeLinecap="round"
            fill="none"
          />
          <path
            d={`M198 ${y + 6}c24-8 48-10 74-6`}
            stroke={line}
            strokeWidth="4"
            strokeLinecap="round"
            fill="none"
          />
        </g>
      ))}
      <path
        d="M110 50h26l10-20 16 40 12-26 10 14 36-30"
        fill="none"
        stroke={correct}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Empty states: a clipboard waiting for its first result. */
export function EmptyIllustration() {
  return (
    <svg
      className="illustration"
      viewBox="0 0 200 160"
      aria-hidden="true"
      focusable="false"
      style={{ maxWidth: 160 }}
    >
      <rect x="10" y="10" width="180" height="140" rx="32" fill={tint} />
      <rect x="58" y="28" width="84" height="108" rx="10" fill={card} stroke={ink} strokeWidth="2.5" />
      <rect x="80" y="20" width="40" height="16" rx="6" fill={ink} />
      {[58, 78, 98].map((y) => (
        <g key={y}>
          <rect x="70" y={y - 5} width="10" height="10" rx="2" fill="none" stroke={ink} strokeWidth="1.5" />
          <rect x="88" y={y - 3} width="42" height="6" rx="3" fill={line} />
        </g>
      ))}
      <circle cx="136" cy="122" r="18" fill={correct} />
      <path d="M136 113v18M127 122h18" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
