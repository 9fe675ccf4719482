import type { Band } from '../../machines/mock-report/mock-report.ports';
import { logitScale, logits } from './readiness-format';

const WIDTH = 600;
const HEIGHT = 180;
const LEFT = 44;
const RIGHT = 16;
const TOP = 16;
const BOTTOM = 24;

/**
 * The mock exams' estimates over time, oldest first: each exam's 95 % band as a vertical bar with
 * its estimate as a dot, against the passing standard as a dashed line (logit scale, at least ±3).
 * One image whose accessible name lists the same figures in words.
 */
export function EstimateTrend({
  exams,
  cut,
}: {
  exams: readonly { examId: string; estimate: number; band: Band }[];
  cut: number;
}) {
  if (exams.length === 0) return null;
  const scale = logitScale(
    exams.flatMap((e) => [e.band.lower, e.band.upper]),
    cut,
    3,
  );
  // Higher ability is higher up: the scale's minimum sits at the bottom edge.
  const y = (value: number) => scale.place(value, HEIGHT - BOTTOM, TOP);
  const step = (WIDTH - LEFT - RIGHT) / exams.length;
  const x = (index: number) => LEFT + step * (index + 0.5);
  const { ticks } = scale;
  const label = `Your mock exam estimates over time, oldest first: ${exams
    .map(
      (e, i) =>
        `exam ${i + 1}: ${logits(e.estimate)} (band ${logits(e.band.lower)} to ${logits(e.band.upper)})`,
    )
    .join('; ')}. The passing standard is ${logits(cut)} logits.`;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={label}
      data-testid="estimate-trend"
      style={{ maxWidth: WIDTH, display: 'block' }}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={LEFT}
            x2={WIDTH - RIGHT}
            y1={y(tick)}
            y2={y(tick)}
            stroke="currentColor"
            strokeOpacity={0.15}
          />
          <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={12} fill="currentColor">
            {logits(tick).replace('.00', '')}
          </text>
        </g>
      ))}
      <line
        x1={LEFT}
        x2={WIDTH - RIGHT}
        y1={y(cut)}
        y2={y(cut)}
        stroke="var(--pn-color-incorrect-strong, currentColor)"
        strokeWidth={2}
        strokeDasharray="5 3"
      />
      {exams.map((exam, index) => (
        <g key={exam.examId}>
          <rect
            x={x(index) - 5}
            y={y(exam.band.upper)}
            width={10}
            height={Math.max(2, y(exam.band.lower) - y(exam.band.upper))}
            rx={3}
            fill="var(--mantine-primary-color-filled)"
            fillOpacity={0.35}
            stroke="var(--mantine-primary-color-filled)"
          />
          <circle cx={x(index)} cy={y(exam.estimate)} r={5} fill="var(--mantine-primary-color-filled)" />
          <text x={x(index)} y={HEIGHT - 6} textAnchor="middle" fontSize={12} fill="currentColor">
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}
